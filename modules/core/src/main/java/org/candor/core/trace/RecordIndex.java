package org.candor.core.trace;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;

/**
 * The merge's index of one per-CPU file's records: two parallel arrays, each record's time and where it lies
 * (sixteen bytes a record, no object per record); {@link #order} puts the records of all files in time order. Records
 * of the same time are ordered by CPU, then thread, which the index does not hold: such ties are rare, and the caller
 * looks them up in the record ({@link Ties}).
 */
final class RecordIndex {

    /** Orders records of the same time. */
    interface Ties {
        /** What orders a record among those of its time: {@code cpu << 32 | tid}. */
        long key(long location) throws IOException;
    }

    /** The records of all files in time order: where each lies. */
    static final class Order {
        private final int size;
        /** Sorted keys, each naming its file and its number there below its time; or null, see {@link #location}. */
        private final long[] keys;
        private final long[][] locations;
        private final int indexBits;
        private final long indexMask;
        private final long fileMask;

        private Order(int size, long[] keys, long[][] locations, int fileBits, int indexBits) {
            this.size = size;
            this.keys = keys;
            this.locations = locations;
            this.indexBits = indexBits;
            this.indexMask = (1L << indexBits) - 1;
            this.fileMask = (1L << fileBits) - 1;
        }

        int size() { return size; }

        /** The k-th record's location in time order. */
        long location(int k) {
            if (keys == null) return locations[0][k];
            long key = keys[k];
            return locations[(int) (key >>> indexBits & fileMask)][(int) (key & indexMask)];
        }
    }

    /** The most records an index holds (the largest Java array). */
    static final int MAX = Integer.MAX_VALUE - 8;
    private static final int INSERTION = 24;
    /** Buckets hold this many keys on average (when the times are spread evenly). */
    private static final int BUCKET_KEYS = 4;

    private long[] time;
    private long[] location;
    private int size;
    /** The least and the greatest time added. */
    private long min = Long.MAX_VALUE;
    private long max = Long.MIN_VALUE;
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
        min = Math.min(min, time);
        max = Math.max(max, time);
    }

    /** Adds all of another index's records, in its order. */
    private void addAll(RecordIndex other) {
        if (size + (long) other.size > MAX) throw new IllegalStateException("more than " + MAX + " records to merge");
        while (time.length < size + other.size) grow();
        System.arraycopy(other.time, 0, time, size, other.size);
        System.arraycopy(other.location, 0, location, size, other.size);
        size += other.size;
    }

    int size() { return size; }

    /**
     * The records of all the files' indexes (at most {@link #MAX} together) in order of time, then the ties' key;
     * records equal in both in the order of the files, then the order added. The indexes are used up.
     *
     * <p>The fast way, when the trace's span fits: each record's time after the first, its file and its number there
     * packed into one long (time above, so equal times keep the files' order) in place of its time, the keys sorted in
     * linear time into one array ({@link #sortDistinct}), then the runs of equal times put in the ties' order
     * (some twenty-five bytes a record at most, with the locations and the buckets). Else, when the span is too long for the
     * bits left beside the numbers (some 18 minutes of 5 million records on 4 files), the files are put in one index
     * and sorted by a stable merge sort (thirty-two bytes a record): per-CPU files are written as periods end, so each
     * is nearly in start order already, and halves found in order are not merged again.
     */
    static Order order(List<RecordIndex> files, Ties ties) throws IOException {
        long total = 0;
        int largest = 0;
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (RecordIndex f : files) {
            total += f.size;
            largest = Math.max(largest, f.size);
            min = Math.min(min, f.min);
            max = Math.max(max, f.max);
        }
        if (total > MAX) throw new IllegalStateException("more than " + MAX + " records to merge");
        int fileBits = bits(files.size() - 1);
        int indexBits = bits(largest - 1);
        int low = fileBits + indexBits;
        long span = max - min;
        if (total > 0 && (span < 0 || span >>> (63 - low) != 0)) {
            RecordIndex all = new RecordIndex(total);
            for (RecordIndex f : files) {
                all.addAll(f);
                f.drop();
            }
            all.ties = ties;
            if (all.size > 1) all.sort(all.time, all.location, new long[all.size], new long[all.size], 0, all.size);
            return new Order(all.size, null, new long[][] {all.location}, 0, 0);
        }
        long[][] locations = new long[files.size()][];
        for (int fi = 0; fi < files.size(); fi++) locations[fi] = files.get(fi).location;
        // each file's times become its keys where they are, on all CPUs, then the keys of all are sorted into one array
        long base = min;
        IntStream.range(0, files.size()).parallel().forEach(fi -> {
            RecordIndex f = files.get(fi);
            long fileKey = (long) fi << indexBits;
            for (int i = 0; i < f.size; i++) f.time[i] = (f.time[i] - base) << low | fileKey | i;
        });
        long[][] parts = new long[files.size()][];
        int[] sizes = new int[files.size()];
        for (int fi = 0; fi < files.size(); fi++) {
            parts[fi] = files.get(fi).time;
            sizes[fi] = files.get(fi).size;
            files.get(fi).time = null;
        }
        long[] keys = sortDistinct(parts, sizes, (int) total);
        parts = null;
        Order order = new Order((int) total, keys, locations, fileBits, indexBits);
        for (int lo = 0; lo < keys.length; ) {
            int hi = lo + 1;
            while (hi < keys.length && keys[hi] >>> low == keys[lo] >>> low) hi++;
            if (hi - lo > 1) tieOrder(keys, lo, hi, order, ties);
            lo = hi;
        }
        return order;
    }

    /** Bits to write numbers up to n. */
    private static int bits(long n) {
        return 64 - Long.numberOfLeadingZeros(Math.max(0, n));
    }

    private void drop() {
        time = null;
        location = null;
    }

    /** A run of keys of one time, in the ties' order, stable. */
    private static void tieOrder(long[] keys, int lo, int hi, Order order, Ties ties) throws IOException {
        for (int i = lo + 1; i < hi; i++) {
            long x = keys[i];
            long key = ties.key(order.location(i));
            int j = i - 1;
            while (j >= lo && ties.key(order.location(j)) > key) {
                keys[j + 1] = keys[j];
                j--;
            }
            keys[j + 1] = x;
        }
    }

    /**
     * Sorts non-negative keys that are all different, in linear time where they spread evenly (the times of a trace
     * do): one pass counts the keys in buckets by their high bits, one puts each into its bucket (in the order met, so
     * the nearly sorted files of a trace are written almost in sequence), then each bucket is sorted on its own: a few
     * keys by insertion (they come nearly in order), more by {@link Arrays#sort}, so keys crowded into few buckets
     * still sort in n log n. The buckets take four bytes for every {@value #BUCKET_KEYS} keys; the keys, the first
     * {@code sizes[p]} of each {@code parts[p]}, are sorted into a new array of {@code n}.
     */
    static long[] sortDistinct(long[][] parts, int[] sizes, int n) {
        long max = 0;
        for (int p = 0; p < parts.length; p++) {
            for (int i = 0; i < sizes[p]; i++) max = Math.max(max, parts[p][i]);
        }
        int bucketBits = Math.max(1, 31 - Integer.numberOfLeadingZeros(Math.max(1, n / BUCKET_KEYS)));
        int shift = Math.max(0, 64 - Long.numberOfLeadingZeros(max) - bucketBits);
        int[] end = new int[(int) (max >>> shift) + 1];
        for (int p = 0; p < parts.length; p++) {
            long[] keys = parts[p];
            for (int i = 0; i < sizes[p]; i++) end[(int) (keys[i] >>> shift)]++;
        }
        int sum = 0;
        for (int b = 0; b < end.length; b++) {
            sum += end[b];
            end[b] = sum - end[b]; // the bucket's start for now: it grows to the bucket's end as keys are put in
        }
        long[] sorted = new long[n];
        for (int p = 0; p < parts.length; p++) {
            long[] keys = parts[p];
            for (int i = 0; i < sizes[p]; i++) {
                long k = keys[i];
                sorted[end[(int) (k >>> shift)]++] = k;
            }
        }
        int lo = 0;
        for (int hi : end) {
            if (hi - lo > INSERTION) {
                Arrays.sort(sorted, lo, hi);
            } else {
                for (int i = lo + 1; i < hi; i++) {
                    long x = sorted[i];
                    int j = i - 1;
                    while (j >= lo && sorted[j] > x) {
                        sorted[j + 1] = sorted[j];
                        j--;
                    }
                    sorted[j + 1] = x;
                }
            }
            lo = hi;
        }
        return sorted;
    }

    private void grow() {
        if (size == MAX) throw new IllegalStateException("more than " + MAX + " records to merge");
        int capacity = (int) Math.min(MAX, size + (size >> 1) + 16);
        time = Arrays.copyOf(time, capacity);
        location = Arrays.copyOf(location, capacity);
    }

    /** Sorts t[lo, hi) and l[lo, hi) alike, using st and sl as scratch space. */
    private void sort(long[] t, long[] l, long[] st, long[] sl, int lo, int hi) throws IOException {
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
    private boolean after(long ta, long a, long tb, long b) throws IOException {
        return ta > tb || ta == tb && ties.key(a) > ties.key(b);
    }
}
