package org.candor.agent.scheme;

import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;

/**
 * How to find the loaded classes of one name for retransformation: the Class objects seen (at start, or when
 * retransformed) and the loaders that defined one (a class seen only by its load hook has no Class object yet).
 * Weak, so a class loader can still be collected.
 */
final class LoadedRefs {

    private final List<WeakReference<Class<?>>> classes = new ArrayList<>();
    private final List<WeakReference<ClassLoader>> loaders = new ArrayList<>();
    private boolean bootLoader;

    synchronized void add(Class<?> c) {
        for (WeakReference<Class<?>> r : classes) if (r.get() == c) return;
        classes.add(new WeakReference<>(c));
    }

    synchronized void add(ClassLoader loader) {
        if (loader == null) {
            bootLoader = true;
            return;
        }
        for (WeakReference<ClassLoader> r : loaders) if (r.get() == loader) return;
        loaders.add(new WeakReference<>(loader));
    }

    /** The live classes of this name. */
    synchronized List<Class<?>> resolve(String className) {
        List<Class<?>> out = new ArrayList<>();
        for (WeakReference<Class<?>> r : classes) {
            Class<?> c = r.get();
            if (c != null) out.add(c);
        }
        for (WeakReference<ClassLoader> r : loaders) {
            ClassLoader l = r.get();
            if (l != null) addLoaded(out, className, l);
        }
        if (bootLoader) addLoaded(out, className, null);
        loaders.clear();
        bootLoader = false;
        classes.clear();
        for (Class<?> c : out) classes.add(new WeakReference<>(c));
        return out;
    }

    private static void addLoaded(List<Class<?>> out, String className, ClassLoader loader) {
        try {
            Class<?> c = Class.forName(className, false, loader);
            if (!out.contains(c)) out.add(c);
        } catch (Throwable notThere) {
            // a hidden class, or one whose definition failed after its load hook: nothing to retransform
        }
    }
}
