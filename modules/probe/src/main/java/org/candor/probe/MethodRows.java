package org.candor.probe;

/**
 * One thread's per-method rows, kept beside its tree: how many frames of the method are open and the node of the
 * outermost one (recursion folding needs both), the method's time on the stack (its outermost calls' windows, raw
 * and the calibration's share of them), and the calls and self time of its calls that have no node of their own
 * (beyond the tree's budget). With these the flat figures stay exact however the tree was folded or cut: calls and
 * self time are the tree's sums plus the rows' own, the time on the stack is the rows'.
 *
 * <p>Rows are dense per thread, in the order the thread first called each method; a small open-addressing index
 * maps method ids to rows. Only the owner thread writes; snapshots read.
 */
final class MethodRows {

    static final int META = 0;       // method id << 32 | open frames
    static final int FIRST = 1;      // node of the outermost open frame
    static final int TOTAL = 2;      // raw ticks on the stack (outermost calls)
    static final int TOTAL_ADJUST = 3;
    static final int CALLS = 4;      // calls beyond the budget
    static final int SELF = 5;       // raw self ticks beyond the budget
    static final int ADJUST = 6;
    static final int R = 8;

    long[] data = new long[16 * R];
    volatile int count;
    private int[] index = new int[32];

    /** The row of {@code methodId}, created on its first call; -1 when the heap has no room for it. */
    int of(int methodId) {
        int[] ix = index;
        int mask = ix.length - 1;
        int h = ThreadState.mix(methodId) & mask;
        while (true) {
            int r = ix[h];
            if (r == 0) return add(methodId, h);
            if ((int) (data[(r - 1) * R + META] >>> 32) == methodId) return r - 1;
            h = (h + 1) & mask;
        }
    }

    private int add(int methodId, int slot) {
        int r = count;
        if (r >= ThreadState.NO_ROW) return -1;
        try {
            if ((r + 1) * R > data.length) data = Grow.copy(data, Math.max((r + 1) * R, data.length * 2));
            if ((r + 1) * 2 > index.length) {
                rehash();
                slot = freeSlot(methodId);
            }
        } catch (OutOfMemoryError heapFull) {
            return -1;
        }
        data[r * R + META] = (long) methodId << 32;
        index[slot] = r + 1;
        count = r + 1;
        return r;
    }

    private void rehash() {
        int[] old = index;
        index = new int[old.length * 2];
        for (int r : old) {
            if (r != 0) index[freeSlot((int) (data[(r - 1) * R + META] >>> 32))] = r;
        }
    }

    private int freeSlot(int methodId) {
        int mask = index.length - 1;
        int h = ThreadState.mix(methodId) & mask;
        while (index[h] != 0) h = (h + 1) & mask;
        return h;
    }

    boolean open(int row) {
        return (int) data[row * R + META] != 0;
    }

    int firstNode(int row) {
        return (int) data[row * R + FIRST];
    }

    /** A frame of the method opened at {@code node}; the first one open is where folded calls go. */
    void enter(int row, int node) {
        int b = row * R;
        long meta = data[b + META];
        if ((int) meta == 0) data[b + FIRST] = node;
        data[b + META] = meta + 1;
    }

    /** As {@link #enter(int, int)}, and when {@code beyond} the call counts as one beyond the budget, in one step. */
    void enter(int row, int node, boolean beyond) {
        int b = row * R;
        if (beyond) data[b + CALLS]++;
        long meta = data[b + META];
        if ((int) meta == 0) data[b + FIRST] = node;
        data[b + META] = meta + 1;
    }

    /** A frame of the method closed after {@code window} ticks; the outermost one's window is the method's time. */
    void exit(int row, long window, long windowAdjust) {
        int b = row * R;
        long meta = data[b + META];
        if ((int) meta == 0) return;
        data[b + META] = meta - 1;
        if ((int) meta == 1) {
            data[b + TOTAL] += window;
            data[b + TOTAL_ADJUST] += windowAdjust;
        }
    }

    void addSelf(int row, long raw, long adjust) {
        int b = row * R;
        data[b + SELF] += raw;
        data[b + ADJUST] += adjust;
    }

    int method(int row) {
        return (int) (data[row * R + META] >>> 32);
    }

    int openFrames(int row) {
        return (int) data[row * R + META];
    }

    /** The figures kept so far (reset): open frames and their first nodes stay. */
    void clearFigures() {
        long[] d = data;
        for (int r = 0; r < count; r++) {
            int b = r * R;
            d[b + TOTAL] = d[b + TOTAL_ADJUST] = d[b + CALLS] = d[b + SELF] = d[b + ADJUST] = 0;
        }
    }

    /** Empty again, for another thread (its arrays kept). */
    void clear() {
        long[] d = data;
        for (int i = count * R - 1; i >= 0; i--) d[i] = 0;
        int[] ix = index;
        for (int i = 0; i < ix.length; i++) ix[i] = 0;
        count = 0;
    }

    /** Bytes this table holds (its arrays). */
    long bytes() {
        return data.length * 8L + index.length * 4L;
    }

    /** An ended thread's rows keep only what was used. */
    void trim() {
        int n = count;
        if (data.length > n * R) data = Grow.copy(data, n * R);
    }
}
