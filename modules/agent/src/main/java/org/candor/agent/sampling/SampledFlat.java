package org.candor.agent.sampling;

import java.util.Arrays;
import org.candor.core.snapshot.FlatTable;

/**
 * A sampled thread's flat profile (FLAT), the figures the writer would compute from the tree in a walk (exclusive
 * ones summed over all of a method's nodes, inclusive ones over its outermost nodes only), computed instead in one
 * pass in node order from the tree's inclusive counts and {@link OutermostNodes}: no children lists and no walk of
 * the whole tree at each live snapshot. One instance serves the threads of a snapshot in turn (the writer has used a
 * thread's table before the next is computed); values in the order of {@link org.candor.core.model.Snapshot#samplingMetrics}.
 */
final class SampledFlat implements FlatTable {

    private final long intervalNanos;
    /** Per method id of the snapshot: its row in this thread's table, or -1. */
    private int[] rowOf = new int[0];
    private int rows;
    private int[] method = new int[16];
    private long[] samples = new long[16];      // inclusive: over the outermost nodes
    private long[] waits = new long[16];        // inclusive
    private long[] selfSamples = new long[16];  // over all nodes
    private long[] selfWaits = new long[16];

    SampledFlat(long intervalNanos, int methods) {
        this.intervalNanos = intervalNanos;
        this.rowOf = new int[methods];
        Arrays.fill(rowOf, -1);
    }

    /**
     * This thread's table, for its first {@code n} nodes: self counts {@code running} and {@code waiting}, inclusive
     * counts {@code inclusiveSamples} and {@code inclusiveWaits}. Rows in order of each method's first node.
     */
    SampledFlat of(int n, int[] nodeMethod, long[] running, long[] waiting, long[] inclusiveSamples, long[] inclusiveWaits,
                   boolean[] outermost) {
        for (int r = 0; r < rows; r++) rowOf[method[r]] = -1;
        rows = 0;
        for (int i = 1; i < n; i++) {
            int m = nodeMethod[i];
            if (m < 0 || m >= rowOf.length) {
                throw new IllegalArgumentException("node " + i + " refers to method " + m + ", the snapshot has " + rowOf.length);
            }
            int r = rowOf[m];
            if (r < 0) r = addRow(m);
            selfSamples[r] += running[i] + waiting[i];
            selfWaits[r] += waiting[i];
            if (outermost[i]) {
                samples[r] += inclusiveSamples[i];
                waits[r] += inclusiveWaits[i];
            }
        }
        return this;
    }

    private int addRow(int m) {
        if (rows == method.length) {
            int size = rows * 2;
            method = Arrays.copyOf(method, size);
            samples = Arrays.copyOf(samples, size);
            waits = Arrays.copyOf(waits, size);
            selfSamples = Arrays.copyOf(selfSamples, size);
            selfWaits = Arrays.copyOf(selfWaits, size);
        }
        int r = rows++;
        method[r] = m;
        samples[r] = 0;
        waits[r] = 0;
        selfSamples[r] = 0;
        selfWaits[r] = 0;
        rowOf[m] = r;
        return r;
    }

    @Override public int size() { return rows; }

    @Override public int method(int row) { return method[row]; }

    @Override public long value(int row, int metric) {
        return SampledTrees.metricValue(metric, samples[row], selfSamples[row], waits[row], selfWaits[row], intervalNanos);
    }
}
