package org.candor.agent.scheme;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayDeque;
import java.util.Collections;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.objectweb.asm.ClassReader;

/**
 * Supertypes by class name, and the instrumentable classes below each type. A class's direct supertypes come from
 * its class file as it loads, from the Class object for classes loaded before the agent, or, for a type not seen yet
 * (a superclass loads after its subclass's load hook ran), from its class file read through the loader. Names are
 * dotted; classes of the same name in different loaders share one entry (an approximation that can only widen what
 * is instrumented).
 */
final class TypeHierarchy {

    private static final String[] NONE = new String[0];

    /** Direct supertypes: superclass first (null for Object and interfaces' implicit Object), then interfaces. */
    private final ConcurrentHashMap<String, String[]> direct = new ConcurrentHashMap<>();
    /** Type to the indexed (instrumentable) classes that extend or implement it, directly or not. */
    private final ConcurrentHashMap<String, Set<String>> below = new ConcurrentHashMap<>();

    void record(String className, String superName, String[] interfaces) {
        String[] s = new String[1 + interfaces.length];
        s[0] = superName;
        System.arraycopy(interfaces, 0, s, 1, interfaces.length);
        direct.put(className, s);
    }

    void record(Class<?> c) {
        Class<?>[] itfs = c.getInterfaces();
        String[] names = new String[itfs.length];
        for (int i = 0; i < itfs.length; i++) names[i] = itfs[i].getName();
        record(c.getName(), c.getSuperclass() == null ? null : c.getSuperclass().getName(), names);
    }

    /** Makes {@code className} findable among the classes below each of its supertypes, which it returns. */
    Set<String> index(String className, ClassLoader loader) {
        Set<String> supertypes = supertypes(className, loader);
        for (String s : supertypes) {
            below.computeIfAbsent(s, k -> ConcurrentHashMap.newKeySet()).add(className);
        }
        return supertypes;
    }

    /** Indexed classes that extend or implement {@code type}, at any depth. */
    Set<String> below(String type) {
        Set<String> s = below.get(type);
        return s == null ? Collections.emptySet() : s;
    }

    /** The superclass, or null (Object, an interface, or unknown). */
    String superclass(String className, ClassLoader loader) {
        String[] d = directOf(className, loader);
        return d.length == 0 ? null : d[0];
    }

    /** Every supertype, classes and interfaces, at any depth; not the class itself. */
    Set<String> supertypes(String className, ClassLoader loader) {
        Set<String> out = new LinkedHashSet<>();
        Deque<String> todo = new ArrayDeque<>();
        todo.add(className);
        while (!todo.isEmpty()) {
            for (String s : directOf(todo.poll(), loader)) {
                if (s != null && out.add(s)) todo.add(s);
            }
        }
        return out;
    }

    private String[] directOf(String className, ClassLoader loader) {
        String[] d = direct.get(className);
        if (d != null) return d;
        d = readSupertypes(className, loader);
        direct.putIfAbsent(className, d);
        return d;
    }

    private static String[] readSupertypes(String className, ClassLoader loader) {
        String resource = className.replace('.', '/') + ".class";
        try (InputStream in = loader != null ? loader.getResourceAsStream(resource)
                : ClassLoader.getSystemResourceAsStream(resource)) {
            if (in == null) return NONE;
            ClassReader r = new ClassReader(in);
            String[] itfs = r.getInterfaces();
            String[] s = new String[1 + itfs.length];
            s[0] = r.getSuperName() == null ? null : r.getSuperName().replace('/', '.');
            for (int i = 0; i < itfs.length; i++) s[i + 1] = itfs[i].replace('/', '.');
            return s;
        } catch (IOException | RuntimeException e) {
            return NONE;
        }
    }
}
