package org.candor.core.snapshot;

/**
 * One thread's exact per-method figures (the FLAT section): per method, its calls, its inclusive metrics as the time
 * it was on the stack (outermost calls only) and its exclusive metrics summed. Each method appears at most once.
 */
public interface FlatTable {

    /** Rows: one per method. */
    int size();

    /** The method table id of the row's method. */
    int method(int row);

    /** The row's value of the metric with this index, in the order of the snapshot's metrics. */
    long value(int row, int metric);
}
