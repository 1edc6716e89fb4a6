package org.candor.core.analysis;

import java.util.Comparator;
import org.candor.core.model.MethodInfo;

/**
 * One method's line of a flat profile: its values over all the call paths it appears on, one per snapshot metric.
 * See {@link HotSpots} for how inclusive metrics are counted.
 */
public final class HotSpot {

    private final MethodInfo method;
    private final long[] values;

    HotSpot(MethodInfo method, long[] values) {
        this.method = method;
        this.values = values;
    }

    public MethodInfo method() { return method; }
    public long value(int metricIndex) { return values[metricIndex]; }
    public long[] values() { return values.clone(); }

    /** Highest value first; ties by signature, so the order is stable across runs. */
    public static Comparator<HotSpot> byValueDescending(int metricIndex) {
        return Comparator.comparingLong((HotSpot h) -> h.values[metricIndex]).reversed()
                .thenComparing(h -> h.method.qualifiedName())
                .thenComparing(h -> h.method.descriptor());
    }

    @Override public String toString() { return method.signature() + java.util.Arrays.toString(values); }
}
