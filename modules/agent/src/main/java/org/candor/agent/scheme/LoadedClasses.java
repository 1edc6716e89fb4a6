package org.candor.agent.scheme;

import java.lang.instrument.Instrumentation;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.List;

/** The classes already loaded, and retransforming them without one bad class stopping the rest. */
public final class LoadedClasses {

    private static final int BATCH = 64;

    private LoadedClasses() {}

    /** Loaded classes a transformer may change: no arrays, primitives or hidden classes. */
    static List<Class<?>> modifiable(Instrumentation inst) {
        List<Class<?>> out = new ArrayList<>();
        for (Class<?> c : inst.getAllLoadedClasses()) {
            if (c.isArray() || c.isPrimitive() || !inst.isModifiableClass(c)) continue;
            // hidden classes are named with a slash (Foo$$Lambda/0x...) and cannot be retransformed
            if (c.getName().indexOf('/') >= 0) continue;
            out.add(c);
        }
        return out;
    }

    /** The modifiable loaded classes with one of these (dotted) names. */
    public static List<Class<?>> named(Instrumentation inst, Set<String> names) {
        List<Class<?>> out = new ArrayList<>();
        for (Class<?> c : modifiable(inst)) if (names.contains(c.getName())) out.add(c);
        return out;
    }

    /** Both lists in one, each class once. */
    static List<Class<?>> union(List<Class<?>> classes, Collection<Class<?>> more) {
        if (more.isEmpty()) return classes;
        Set<Class<?>> all = new LinkedHashSet<>(classes);
        all.addAll(more);
        return new ArrayList<>(all);
    }

    /** In batches; a batch that fails is retried class by class. */
    static void retransform(Instrumentation inst, List<Class<?>> classes) {
        for (int i = 0; i < classes.size(); i += BATCH) {
            List<Class<?>> batch = classes.subList(i, Math.min(classes.size(), i + BATCH));
            try {
                inst.retransformClasses(batch.toArray(new Class<?>[0]));
            } catch (Throwable batchFailed) {
                for (Class<?> c : batch) {
                    try {
                        inst.retransformClasses(c);
                    } catch (Throwable ignored) {
                        // the transformer already counted why; the class keeps its code
                    }
                }
            }
        }
    }
}
