package org.candor.agent.scheme;

import java.lang.instrument.Instrumentation;
import java.util.ArrayList;
import java.util.List;
import org.candor.agent.filter.ClassFilter;
import org.candor.agent.instrument.CandorTransformer;

/**
 * The Total scheme: every method of every class that passes the filter is instrumented, as the class loads;
 * classes already loaded when the agent starts are retransformed at once.
 */
public final class TotalScheme {

    private static final int BATCH = 64;

    private TotalScheme() {}

    public static void start(Instrumentation inst, CandorTransformer transformer, ClassFilter filter) {
        inst.addTransformer(transformer, true);
        List<Class<?>> loaded = new ArrayList<>();
        for (Class<?> c : inst.getAllLoadedClasses()) {
            if (c.isArray() || c.isPrimitive() || !inst.isModifiableClass(c)) continue;
            // hidden classes are named with a slash (Foo$$Lambda/0x...) and cannot be retransformed
            if (c.getName().indexOf('/') >= 0) continue;
            if (filter.decide(c.getName()) != ClassFilter.Decision.SKIP) loaded.add(c);
        }
        retransform(inst, loaded);
    }

    /** In batches; a batch that fails is retried class by class so one bad class does not stop the rest. */
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
                        // the transformer already counted why; the class keeps its original code
                    }
                }
            }
        }
    }
}
