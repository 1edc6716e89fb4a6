package org.candor.core.trace;

import java.util.Arrays;

/**
 * The merge's index of records: two parallel arrays, each record's time and where it lies (sixteen bytes a record,
 * no object per record), sorted together: by packed keys on all CPUs where the span allows ({@link #sortPacked}),
 * else by a stable merge sort. Per-CPU files are written as periods end, so each
 * file is nearly in start order already: halves found in order are not merged again, and the sort costs little more
 * than the merging of the files. Records of the same time are ordered by CPU, then thread, which the index does not
 * hold: such ties are rare, and the caller looks them up in the record ({@link Ties}).
 */
final class RecordIndex {

    /** Orders records of the same time. */
    interface Ties {
        /** What orders a record among those of its time: {@code cpu << 32 | tid}. */
        long key(long location);
    }

    /** The most records an index holds (the largest Java array). */
    static final int MAX = Integer.MAX_VALUE - 8;
    private static final int INSERTION = 24;

    private long[] time;
    private long[] location;
    private int size;
    private Ties ties;

    RecordIndex(long expected) {
        int capacity = (int) Math.max(1024, Math.min(MAX, expected));
        time = new long[capacity];
        location = new long[capacity];
    }

    /** @param location where to find the record again (the merge packs file and offset) */
    void add(long time, long location) {
        if (size == this.time.length) grow();
        this.time[size] = time;
        this.location[size] = location;
        size++;
    }

    /** Adds all of another index's records, in its order. */
    void addAll(RecordIndex other) {
        if (size + (long) other.size > MAX) throw new IllegalStateException("more than " + MAX + " records to merge");
        while (time.length < size + other.size) grow();
        System.arraycopy(other.time, 0, time, size, other.size);
        System.arraycopy(other.location, 0, location, size, other.size);
        size += other.size;
    }

    int size() { return size; }

    /** The i-th record's location: in the order added, or after {@link #sort}, in time order. */
    long location(int i) { return location[i]; }

    /** Puts the records in order of time, then the ties' key; records equal in both keep the order they were added in. */
    void sort(Ties ties) {
        this.ties = ties;
        if (size > 1 && !sortPacked()) sort(time, location, new long[size], new long[size], 0, size);
        this.ties = null;
    }

    /**
     * The fast way, when the trace's span fits: each record's time after the first and its number packed into one
     * long (time above, number below, so equal times keep the order added), sorted on all CPUs, then the runs of
     * equal times put in the ties' order. False, having done nothing, when the span is too long for the bits left
     * beside the numbers (some 18 minutes of 5 million records); the merge sort then does it.
     */
    private boolean sortPacked() {
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (int i = 0; i < size; i++) {
            min = Math.min(min, time[i]);
            max = Math.max(max, time[i]);
        }
        int bits = 64 - Long.numberOfLeadingZeros(size - 1);
        long span = max - min;
        if (span < 0 || span >>> (63 - bits) != 0) return false;
        long mask = (1L << bits) - 1;
        long[] keys = new long[size];
        long[] t = time;
        long base = min;
        // each step on all CPUs: the keys, their sort, and the gather of the locations in the keys' order
        Arrays.parallelSetAll(keys, i -> (t[i] - base) << bits | i);
        Arrays.parallelSort(keys);
        // no second time array: equal times show in the keys (32 bytes a record at most, as the merge sort's)
        long[] sortedLocation = new long[size];
        long[] l = location;
        Arrays.parallelSetAll(sortedLocation, k -> l[(int) (keys[k] & mask)]);
        location = sortedLocation;
        time = null;
        for (int lo = 0; lo < size; ) {
            int hi = lo + 1;
            while (hi < size && keys[hi] >>> bits == keys[lo] >>> bits) hi++;
            if (hi - lo > 1) tieOrder(lo, hi);
            lo = hi;
        }
        return true;
    }

    /** A run of records of one time, in the ties' order, stable. */
    private void tieOrder(int lo, int hi) {
        for (int i = lo + 1; i < hi; i++) {
            long x = location[i];
            long key = ties.key(x);
            int j = i - 1;
            while (j >= lo && ties.key(location[j]) > key) {
                location[j + 1] = location[j];
                j--;
            }
            location[j + 1] = x;
        }
    }

    private void grow() {
        if (size == MAX) throw new IllegalStateException("more than " + MAX + " records to merge");
        int capacity = (int) Math.min(MAX, size + (size >> 1) + 16);
        time = Arrays.copyOf(time, capacity);
        location = Arrays.copyOf(location, capacity);
    }

    /** Sorts t[lo, hi) and l[lo, hi) alike, using st and sl as scratch space. */
    private void sort(long[] t, long[] l, long[] st, long[] sl, int lo, int hi) {
        if (hi - lo <= INSERTION) {
            for (int i = lo + 1; i < hi; i++) {
                long x = t[i];
                long xl = l[i];
                int j = i - 1;
                while (j >= lo && after(t[j], l[j], x, xl)) {
                    t[j + 1] = t[j];
                    l[j + 1] = l[j];
                    j--;
                }
                t[j + 1] = x;
                l[j + 1] = xl;
            }
            return;
        }
        int mid = (lo + hi) >>> 1;
        sort(t, l, st, sl, lo, mid);
        sort(t, l, st, sl, mid, hi);
        if (!after(t[mid - 1], l[mid - 1], t[mid], l[mid])) return; // already in order: the common case in a file
        System.arraycopy(t, lo, st, lo, mid - lo);
        System.arraycopy(l, lo, sl, lo, mid - lo);
        int i = lo, j = mid, k = lo;
        while (i < mid && j < hi) {
            if (after(st[i], sl[i], t[j], l[j])) {
                t[k] = t[j];
                l[k++] = l[j++];
            } else {
                t[k] = st[i];
                l[k++] = sl[i++];
            }
        }
        while (i < mid) {
            t[k] = st[i];
            l[k++] = sl[i++];
        }
    }

    /** Record a (time ta) goes after record b (time tb). */
    private boolean after(long ta, long a, long tb, long b) {
        return ta > tb || ta == tb && ties.key(a) > ties.key(b);
    }
}
