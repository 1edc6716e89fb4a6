package org.candor.core.model;

import java.util.Arrays;

/**
 * A thread's flat profile, one row per method: its calls, its inclusive metrics as the time it was on the stack
 * (outermost calls only, so recursion is not counted twice) and its exclusive metrics summed over all its calls.
 * Snapshots carry it beside the tree (the FLAT section) because it stays exact where the tree does not: an agent
 * that folds recursion or runs out of tree nodes still counts every call here. Immutable.
 */
public final class FlatProfile {

    private final int metricCount;
    private final int[] methods;
    private final long[] values;

    /**
     * @param methods method ids, one per row, each at most once
     * @param values  the rows' values, {@code metricCount} per row, row after row
     */
    public FlatProfile(int metricCount, int[] methods, long[] values) {
        if (metricCount < 0 || values.length != (long) methods.length * metricCount) {
            throw new IllegalArgumentException(values.length + " values for " + methods.length + " rows of "
                    + metricCount + " metrics");
        }
        this.metricCount = metricCount;
        this.methods = methods.clone();
        this.values = values.clone();
    }

    public int metricCount() { return metricCount; }
    public int size() { return methods.length; }
    public int method(int row) { return methods[row]; }
    public long value(int row, int metric) { return values[row * metricCount + metric]; }

    /** The same rows with the columns {@code columns[0]}, {@code columns[1]} ... of this one. */
    public FlatProfile withColumns(int[] columns) {
        long[] picked = new long[methods.length * columns.length];
        for (int r = 0; r < methods.length; r++) {
            for (int k = 0; k < columns.length; k++) picked[r * columns.length + k] = value(r, columns[k]);
        }
        return new FlatProfile(columns.length, methods, picked);
    }

    @Override public boolean equals(Object o) {
        if (!(o instanceof FlatProfile)) return false;
        FlatProfile f = (FlatProfile) o;
        return f.metricCount == metricCount && Arrays.equals(f.methods, methods) && Arrays.equals(f.values, values);
    }

    @Override public int hashCode() { return Arrays.hashCode(methods) * 31 + Arrays.hashCode(values); }
}
