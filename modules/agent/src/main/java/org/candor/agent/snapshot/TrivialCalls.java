package org.candor.agent.snapshot;

import java.util.BitSet;
import org.candor.core.analysis.ProbeEffect;
import org.candor.core.model.Snapshot;
import org.candor.probe.ThreadTreeCopy;

/**
 * The calls of the methods whose code is next to nothing (the registry's trivial methods) and the self time they
 * showed, over all threads: what core's {@link ProbeEffect} estimates the probes' effect on the code from.
 */
final class TrivialCalls {

    private final boolean[] trivial;
    private final BitSet called = new BitSet();
    private long calls;
    private long self;
    private long rawSelf;

    /** {@code trivial}: per registry id, whether the method is trivial (ids past its end are not). */
    TrivialCalls(boolean[] trivial) {
        this.trivial = trivial;
    }

    void add(ThreadTreeCopy copy, TreeValues values) {
        for (int i = 1; i < copy.nodeCount(); i++) {
            int m = copy.nodeMethod[i];
            if (m < 0 || m >= trivial.length || !trivial[m] || copy.nodeCalls[i] == 0) continue;
            called.set(m);
            calls += copy.nodeCalls[i];
            self += values.self[i];
            rawSelf += values.rawSelf[i];
        }
    }

    void addTo(Snapshot s, boolean calibrated) {
        s.putStat(ProbeEffect.TRIVIAL_METHODS, called.cardinality());
        s.putStat(ProbeEffect.TRIVIAL_CALLS, calls);
        s.putStat(ProbeEffect.TRIVIAL_SELF, self);
        if (calibrated) s.putStat(ProbeEffect.TRIVIAL_RAW_SELF, rawSelf);
    }
}
