package org.candor.agent.control;

import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.candor.agent.instrument.MethodRegistry;
import org.candor.agent.scheme.LoadedClasses;
import org.candor.probe.FirstRun;
import org.candor.probe.HiddenClasses;

/**
 * Gives a running program its original bytecode back: the transformer goes, and every loaded class that has
 * instrumented methods is retransformed, which rebuilds it from the bytes it was loaded with (no transformer of
 * ours runs any more). Hidden classes cannot be retransformed; theirs stay, with probes that record nothing.
 */
final class Detacher {

    private static final int BATCH = 64;

    private Detacher() {}

    /** What a detach did. */
    static final class Result {
        int restored;
        int failed;
        String firstFailure;
    }

    static Result restore(Instrumentation inst, ClassFileTransformer transformer, MethodRegistry registry) {
        inst.removeTransformer(transformer);
        HiddenClasses.install(null);
        FirstRun.install(null);
        Set<String> instrumented = new HashSet<>();
        for (int id = 0, n = registry.size(); id < n; id++) instrumented.add(registry.get(id).className);
        List<Class<?>> classes = LoadedClasses.named(inst, instrumented);
        Result result = new Result();
        for (int i = 0; i < classes.size(); i += BATCH) {
            List<Class<?>> batch = classes.subList(i, Math.min(classes.size(), i + BATCH));
            try {
                inst.retransformClasses(batch.toArray(new Class<?>[0]));
                result.restored += batch.size();
            } catch (Throwable batchFailed) {
                for (Class<?> c : batch) {
                    try {
                        inst.retransformClasses(c);
                        result.restored++;
                    } catch (Throwable t) {
                        result.failed++;
                        if (result.firstFailure == null) result.firstFailure = c.getName() + ": " + t;
                    }
                }
            }
        }
        return result;
    }
}
