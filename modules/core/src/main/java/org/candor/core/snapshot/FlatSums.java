package org.candor.core.snapshot;

import java.util.Arrays;

/**
 * A thread's flat profile computed from its tree as a pre-order walk passes: per method the sum of each exclusive
 * metric over all its nodes, and of each inclusive one over its outermost nodes only (under recursion a nested
 * node's total is part of its ancestor's already). The walk reports each node's entry and exit.
 */
final class FlatSums implements FlatTable {

    private final boolean[] inclusive;
    private final int metricCount;
    private final IntIndex rows = new IntIndex();
    private int[] methods = new int[16];
    private int[] onPath = new int[16];
    private long[] sums;

    FlatSums(boolean[] inclusive) {
        this.inclusive = inclusive.clone();
        this.metricCount = inclusive.length;
        this.sums = new long[16 * metricCount];
    }

    void enter(int method, long[] values) {
        int row = rows.add(method);
        if (row >= methods.length) grow();
        methods[row] = method;
        boolean outermost = onPath[row]++ == 0;
        int base = row * metricCount;
        for (int k = 0; k < metricCount; k++) {
            if (outermost || !inclusive[k]) sums[base + k] += values[k];
        }
    }

    void exit(int method) {
        onPath[rows.get(method)]--;
    }

    private void grow() {
        int n = methods.length * 2;
        methods = Arrays.copyOf(methods, n);
        onPath = Arrays.copyOf(onPath, n);
        sums = Arrays.copyOf(sums, n * metricCount);
    }

    @Override public int size() { return rows.size(); }
    @Override public int method(int row) { return methods[row]; }
    @Override public long value(int row, int metric) { return sums[row * metricCount + metric]; }
}
