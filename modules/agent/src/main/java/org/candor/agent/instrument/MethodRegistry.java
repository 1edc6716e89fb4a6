package org.candor.agent.instrument;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Gives each instrumented method a dense int id, the constant its probes carry. The same class, name and descriptor
 * always get the same id, so a retransformed class keeps its ids (and two loaders' copies of one class share one).
 */
public final class MethodRegistry {

    /** One registered method; className is dotted. */
    public static final class Entry {
        public final String className;
        public final String name;
        public final String descriptor;
        /** Its code is next to nothing ({@link TrivialMethodCheck}); set when its class is instrumented. */
        volatile boolean trivial;

        Entry(String className, String name, String descriptor) {
            this.className = className;
            this.name = name;
            this.descriptor = descriptor;
        }
    }

    private final ConcurrentHashMap<String, Integer> ids = new ConcurrentHashMap<>();
    private final List<Entry> entries = new ArrayList<>();

    public int register(String className, String name, String descriptor) {
        String key = className + '.' + name + descriptor;
        Integer id = ids.get(key);
        if (id != null) return id;
        synchronized (entries) {
            id = ids.get(key);
            if (id == null) {
                entries.add(new Entry(className, name, descriptor));
                id = entries.size() - 1;
                ids.put(key, id);
            }
            return id;
        }
    }

    /** The id of a registered method, or -1; {@code key} is the dotted class name, '.', name and descriptor. */
    public int find(String key) {
        Integer id = ids.get(key);
        return id == null ? -1 : id;
    }

    /** A method whose own code is next to nothing ({@link TrivialMethodCheck}). */
    void markTrivial(int id) {
        get(id).trivial = true;
    }

    /** Per registered id, whether its code is next to nothing: one look at every entry, for a snapshot. */
    public boolean[] trivialMethods() {
        synchronized (entries) {
            boolean[] trivial = new boolean[entries.size()];
            for (int i = 0; i < trivial.length; i++) trivial[i] = entries.get(i).trivial;
            return trivial;
        }
    }

    public Entry get(int id) {
        synchronized (entries) { return entries.get(id); }
    }

    public int size() {
        synchronized (entries) { return entries.size(); }
    }
}
