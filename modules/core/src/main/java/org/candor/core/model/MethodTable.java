package org.candor.core.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** The methods a snapshot refers to, indexed by id (ids are dense, starting at 0). */
public final class MethodTable {

    private final List<MethodInfo> methods = new ArrayList<>();

    /** Adds a method; its id must be the next free one. */
    public MethodInfo add(String className, String name, String descriptor) {
        MethodInfo m = new MethodInfo(methods.size(), className, name, descriptor);
        methods.add(m);
        return m;
    }

    public MethodInfo get(int id) {
        if (id < 0 || id >= methods.size()) {
            throw new IllegalArgumentException("no method with id " + id + " (table has " + methods.size() + ")");
        }
        return methods.get(id);
    }

    public int size() { return methods.size(); }

    public List<MethodInfo> all() { return Collections.unmodifiableList(methods); }
}
