package org.candor.agent.snapshot;

import java.util.BitSet;
import org.candor.core.analysis.ProbeEffect;
import org.candor.core.model.Snapshot;

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

    /** A thread's figures, from its flat rows: exact per method, calls beyond the tree budget included. */
    void add(ThreadTables.Flat flat) {
        for (int row = 0; row < flat.size(); row++) {
            int m = flat.registryMethod(row);
            if (m < 0 || m >= trivial.length || !trivial[m]) continue;
            called.set(m);
            calls += flat.value(row, TreeValues.CALLS);
            self += flat.value(row, TreeValues.SELF);
            rawSelf += flat.value(row, TreeValues.RAW_SELF);
        }
    }

    void addTo(Snapshot s, boolean calibrated) {
        s.putStat(ProbeEffect.TRIVIAL_METHODS, called.cardinality());
        s.putStat(ProbeEffect.TRIVIAL_CALLS, calls);
        s.putStat(ProbeEffect.TRIVIAL_SELF, self);
        if (calibrated) s.putStat(ProbeEffect.TRIVIAL_RAW_SELF, rawSelf);
    }
}
