package org.candor.core.snapshot;

/**
 * Sorts ids by long keys, highest key first, equal keys in their given order (stable): insertion sort on short
 * runs, then bottom-up merges through a second pair of arrays. Primitive arrays only, no boxing.
 */
final class DescendingSort {

    private static final int RUN = 16;

    private long[] keys = new long[64];
    private int[] ids = new int[64];
    private long[] spareKeys = new long[64];
    private int[] spareIds = new int[64];
    private int size;

    /** Starts a new sort of up to {@code n} entries. */
    void clear(int n) {
        if (keys.length < n) {
            int c = Math.max(n, keys.length * 2);
            keys = new long[c];
            ids = new int[c];
            spareKeys = new long[c];
            spareIds = new int[c];
        }
        size = 0;
    }

    void add(long key, int id) {
        keys[size] = key;
        ids[size] = id;
        size++;
    }

    int size() { return size; }

    /** The id at this position after {@link #sort}. */
    int id(int i) { return ids[i]; }

    void sort() {
        int n = size;
        for (int lo = 0; lo < n; lo += RUN) insertionSort(lo, Math.min(n, lo + RUN));
        long[] k = keys;
        int[] d = ids;
        long[] k2 = spareKeys;
        int[] d2 = spareIds;
        for (int width = RUN; width < n; width *= 2) {
            for (int lo = 0; lo < n; lo += 2 * width) {
                int mid = Math.min(n, lo + width);
                int hi = Math.min(n, lo + 2 * width);
                int i = lo;
                int j = mid;
                for (int o = lo; o < hi; o++) {
                    if (i < mid && (j >= hi || k[i] >= k[j])) { // ties from the left run: stable
                        k2[o] = k[i];
                        d2[o] = d[i++];
                    } else {
                        k2[o] = k[j];
                        d2[o] = d[j++];
                    }
                }
            }
            long[] tk = k; k = k2; k2 = tk;
            int[] td = d; d = d2; d2 = td;
        }
        keys = k;
        ids = d;
        spareKeys = k2;
        spareIds = d2;
    }

    private void insertionSort(int lo, int hi) {
        for (int i = lo + 1; i < hi; i++) {
            long key = keys[i];
            int id = ids[i];
            int j = i - 1;
            while (j >= lo && keys[j] < key) {
                keys[j + 1] = keys[j];
                ids[j + 1] = ids[j];
                j--;
            }
            keys[j + 1] = key;
            ids[j + 1] = id;
        }
    }
}
