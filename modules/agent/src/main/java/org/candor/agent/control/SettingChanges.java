package org.candor.agent.control;

import java.lang.instrument.Instrumentation;
import java.util.HashSet;
import java.util.Set;
import org.candor.agent.filter.ClassFilter;
import org.candor.agent.instrument.CandorTransformer;
import org.candor.agent.instrument.InstrumentationStats;
import org.candor.agent.scheme.LoadedClasses;
import org.candor.agent.scheme.Scheme;
import org.candor.probe.FirstRun;

/**
 * The {@code set} command: a running session takes new roots, scheme or filters. The old scheme stops (its thread,
 * its first-run hook and marks), the transformer answers with the new filter and scheme, and in one pass the new
 * scheme instruments what it starts from while every class that still carries the old probes is rebuilt: with the
 * new scheme's probes, or with none, which restores its original code. Lambda proxy classes (hidden, never
 * retransformable) keep theirs.
 */
final class SettingChanges {

    private SettingChanges() {}

    /** What a change did. */
    static final class Result {
        long classesRebuilt;
        long nanos;
    }

    static Result apply(Instrumentation inst, CandorTransformer transformer, InstrumentationStats stats, Scheme old,
                        ClassFilter filter, Scheme next) {
        long start = System.nanoTime();
        long retransformedBefore = stats.classesRetransformed.get();
        Set<String> probed = new HashSet<>();
        for (String internalName : stats.instrumentedClassNames()) probed.add(internalName.replace('/', '.'));
        old.stop();
        FirstRun.clearAll();
        transformer.reconfigure(filter, next);
        next.start(inst, LoadedClasses.named(inst, probed));
        Result r = new Result();
        r.classesRebuilt = stats.classesRetransformed.get() - retransformedBefore;
        r.nanos = System.nanoTime() - start;
        return r;
    }
}
