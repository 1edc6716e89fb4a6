package org.candor.core.analysis;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.Arrays;
import java.util.List;
import org.candor.core.snapshot.SnapshotFile;
import org.candor.core.snapshot.ThreadTree;
import org.candor.core.snapshot.TreeNode;

/**
 * A depth-first walk over trees read in place from a {@link SnapshotFile}: one thread's tree, or several threads'
 * merged, with the children of each node visited in a chosen order, and nothing read below a node whose visitor
 * says not to go on. The trees are never built: each node's children are read (their records' heads) when the walk
 * goes into it, grouped when merging (children with the same key become one node whose values are the sums; its
 * children are all of theirs), sorted, and kept while the walk is below them. Nothing here recurses: trees can be
 * hundreds of thousands deep.
 *
 * <p>A walk may start at any node it or another walk has seen ({@link #walkFrom}), and stops with an
 * {@link InterruptedIOException} when its thread is interrupted: a window reads below a row as it is expanded, and
 * a search can be cancelled.
 *
 * <p>Memory: per child of each node on the current path, about 90 bytes and 24 per kept metric (the metrics the walk
 * sums and sorts by as it reads; the others are read again when asked for). A walk of one thread may also skip the
 * children below a minimum at once ({@link #admitOnly}): then a node's children below a report's cut-off cost
 * nothing, however many they are.
 */
public final class TreeWalk {

    /** Receives the nodes of the walk. */
    public interface Visitor {
        /**
         * @param depth 0 for the start (the threads' roots, merged), 1 for its children ...
         * @return whether to visit the node's children
         */
        boolean enter(Node node, int depth) throws IOException;

        /** After the node's children, or right after {@link #enter} when they were not visited. */
        default void exit(Node node, int depth) throws IOException {}
    }

    /** A node of the walk: valid during the visitor's call only. */
    public final class Node {
        private int group;
        private int valuesOf = -1;

        /** Points this node at group {@code g}; the values read for the previous one are forgotten. */
        void at(int g) {
            group = g;
            valuesOf = -1;
        }
        private long[] values = new long[metricCount];

        /** The method id (the merge key when merging by frame); -1 for the start. */
        public int method() { return gMethod[group]; }

        /** The value of the metric with this index: summed over the merged nodes. */
        public long value(int metric) throws IOException {
            int kept = keptIndex[metric];
            if (kept >= 0) return gKept[group * keptCount + kept];
            if (valuesOf != group) {
                Arrays.fill(values, 0L);
                int s = gSrc[group];
                for (int i = 0; i < gSrcCount[group]; i++) {
                    readSource(s + i, lazyRecord);
                    for (int k = 0; k < metricCount; k++) values[k] += lazyRecord.value(k);
                }
                valuesOf = group;
            }
            return values[metric];
        }

        /** How many records of the file this node merges (1 when not merging). */
        public int sourceCount() { return gSrcCount[group]; }

        /** The offset of the i-th record merged here. */
        public long sourceOffset(int i) { return sOffset[gSrc[group] + i]; }

        /** The index, in the walk's thread list, of the i-th record's thread. */
        public int sourceThread(int i) { return sThread[gSrc[group] + i]; }

        /** Whether any record merged here has children: whether the node has any, without reading them. */
        public boolean hasChildren() {
            int s = gSrc[group];
            for (int i = 0; i < gSrcCount[group]; i++) if (sCount[s + i] > 0) return true;
            return false;
        }
    }

    /** How often (nodes, minus one) the walk looks whether its thread was interrupted: a reader can be cancelled. */
    private static final int INTERRUPT_CHECK_MASK = (1 << 16) - 1;

    private final SnapshotFile file;
    private final List<ThreadTree> threads;
    private final int metricCount;
    private final boolean merge;
    private final int[] keyOf;
    private final int[] rank;
    private final int[] kept;
    private final int[] keptIndex;
    private final int keptCount;
    private final int orderBy;
    private final TreeNode record;
    private final TreeNode lazyRecord;
    private final IndexSort sort = new IndexSort();
    private int admitKept = -1;
    private double admitMin;
    private boolean admitting;

    // records (sources): where each starts and ends, where its children start and how many, and its thread
    private long[] sOffset = new long[256];
    private long[] sEnd = new long[256];
    private long[] sFirst = new long[256];
    private int[] sCount = new int[256];
    private int[] sThread = new int[256];
    private int sTop;

    // nodes of the walk (groups of sources): key, sources' range, sums of the kept metrics
    private int[] gMethod = new int[256];
    private int[] gSrc = new int[256];
    private int[] gSrcCount = new int[256];
    private long[] gKept;
    private int gTop;

    // the path: per level, the node, its children's range of groups and the next one, the sources before them
    private int[] fGroup = new int[64];
    private int[] fFrom = new int[64];
    private int[] fTo = new int[64];
    private int[] fNext = new int[64];
    private int[] fSrcMark = new int[64];
    private int fTop;

    // working arrays of one expansion, and spare copies for reordering
    private int[] tMethod = new int[256];
    private long[] tKept;
    private long[] tKeys = new long[256];
    private int[] tOrder = new int[256];
    private long[] xOffset = new long[256];
    private long[] xEnd = new long[256];
    private long[] xFirst = new long[256];
    private int[] xCount = new int[256];
    private int[] xThread = new int[256];
    private int[] xMethod = new int[256];
    private int[] xSrc = new int[256];
    private int[] xSrcCount = new int[256];
    private long[] xKept;

    /**
     * @param keyOf   when not null, children are merged by {@code keyOf[method]} (identity: merge by method, a frame
     *                id map: merge overloads); null: every record is its own node
     * @param rank    children are ordered by {@code rank[key]}, lowest first (after the order metric, if any; equal
     *                ranks keep their stored order)
     * @param kept    the metrics summed as children are read (the others are read again when asked for)
     * @param orderBy children highest first by {@code kept[orderBy]} first; -1 for rank order only
     */
    public TreeWalk(SnapshotFile file, List<ThreadTree> threads, int[] keyOf, int[] rank, int[] kept, int orderBy) {
        this.file = file;
        this.threads = List.copyOf(threads);
        this.metricCount = file.metrics().size();
        this.merge = keyOf != null;
        this.keyOf = keyOf;
        this.rank = rank;
        this.kept = kept.clone();
        this.keptCount = kept.length;
        this.keptIndex = new int[metricCount];
        Arrays.fill(keptIndex, -1);
        for (int i = 0; i < kept.length; i++) keptIndex[kept[i]] = i;
        this.orderBy = orderBy;
        this.record = file.newNode().onlyValues(kept);
        this.lazyRecord = file.newNode();
        this.gKept = new long[256 * keptCount];
        this.tKept = new long[256 * keptCount];
        this.xKept = new long[256 * keptCount];
    }

    /** Identity: merging by method id. */
    public static int[] byMethod(int methodCount) {
        int[] ids = new int[methodCount];
        for (int i = 0; i < ids.length; i++) ids[i] = i;
        return ids;
    }

    /**
     * A walk that does not merge skips, as it reads them, the children whose {@code kept[keptIndex]} is below
     * {@code min}: they are never visited, and cost nothing.
     */
    public TreeWalk admitOnly(int keptIndex, double min) {
        if (merge) throw new IllegalStateException("a merging walk cannot judge a child by one of its records");
        this.admitKept = keptIndex;
        this.admitMin = min;
        return this;
    }

    /** Walks from the threads' roots, merged into one start node at depth 0. */
    public void walk(Visitor visitor) throws IOException {
        int[] all = new int[threads.size()];
        long[] roots = new long[threads.size()];
        for (int t = 0; t < all.length; t++) {
            all[t] = t;
            roots[t] = threads.get(t).root();
        }
        walkFrom(all, roots, visitor);
    }

    /**
     * Walks from the records at {@code offsets}, merged into one start node at depth 0: record {@code i} is of the
     * walk's thread {@code threadIndexes[i]}, a thread's root or a node an earlier walk gave ({@link Node#sourceOffset},
     * {@link Node#sourceThread}). So a reader can go on below any node it has seen, e.g. a row a user expands.
     */
    public void walkFrom(int[] threadIndexes, long[] offsets, Visitor visitor) throws IOException {
        if (threadIndexes.length != offsets.length) {
            throw new IllegalArgumentException(threadIndexes.length + " threads for " + offsets.length + " records");
        }
        sTop = 0;
        gTop = 0;
        fTop = 0;
        int start = newGroup(-1, 0, offsets.length);
        Arrays.fill(gKept, 0, keptCount, 0L);
        for (int i = 0; i < offsets.length; i++) {
            readRecord(threadIndexes[i], offsets[i], record);
            if (i == 0 && !record.isRoot()) gMethod[start] = key(record.method());
            addSource(record, threadIndexes[i]);
            for (int k = 0; k < keptCount; k++) gKept[k] += record.value(kept[k]);
        }
        admitting = admitKept >= 0;
        run(start, 0, visitor);
    }

    /** The nodes of the node's subtree in this walk (merged as the walk merges, none skipped), the node included. */
    public long countSubtree(Node node) throws IOException {
        long[] count = {0};
        boolean was = admitting;
        admitting = false;
        try {
            run(node.group, 0, new Visitor() {
                @Override public boolean enter(Node n, int depth) {
                    count[0]++;
                    return true;
                }
            });
        } finally {
            admitting = was;
        }
        return count[0];
    }

    /** Visits group {@code start} and below, on path levels above the current ones; leaves them as it found them. */
    private void run(int start, int startDepth, Visitor visitor) throws IOException {
        Node node = new Node();
        node.at(start);
        if (!visitor.enter(node, startDepth)) {
            visitor.exit(node, startDepth);
            return;
        }
        int base = fTop;
        push(start);
        int steps = 0;
        while (fTop > base) {
            if ((++steps & INTERRUPT_CHECK_MASK) == 0 && Thread.currentThread().isInterrupted()) {
                throw new InterruptedIOException("the walk over " + file.name() + " was interrupted");
            }
            int f = fTop - 1;
            int depth = startDepth + f - base + 1;
            if (fNext[f] < fTo[f]) {
                node.at(fNext[f]++);
                if (visitor.enter(node, depth)) {
                    push(node.group);
                } else {
                    visitor.exit(node, depth);
                }
            } else {
                node.at(fGroup[f]);
                visitor.exit(node, depth - 1);
                gTop = fFrom[f];
                sTop = fSrcMark[f];
                fTop--;
            }
        }
    }

    /** A new path level for group {@code g}: its children read, grouped and sorted (none: the level ends at once). */
    private void push(int g) throws IOException {
        if (fTop == fGroup.length) {
            int n = fTop * 2;
            fGroup = Arrays.copyOf(fGroup, n);
            fFrom = Arrays.copyOf(fFrom, n);
            fTo = Arrays.copyOf(fTo, n);
            fNext = Arrays.copyOf(fNext, n);
            fSrcMark = Arrays.copyOf(fSrcMark, n);
        }
        int srcMark = sTop;
        int from = gTop;
        expand(g);
        fGroup[fTop] = g;
        fFrom[fTop] = from;
        fTo[fTop] = gTop;
        fNext[fTop] = from;
        fSrcMark[fTop] = srcMark;
        fTop++;
    }

    /** Reads source {@code s} again: a thread's root, or a node checked against its parent when first read. */
    private void readSource(int s, TreeNode into) throws IOException {
        readRecord(sThread[s], sOffset[s], into);
    }

    private void readRecord(int thread, long offset, TreeNode into) throws IOException {
        ThreadTree t = threads.get(thread);
        if (offset == t.root()) file.readRoot(t, into);
        else file.read(offset, t.end(), into);
    }

    private void expand(int g) throws IOException {
        int s0 = sTop;
        int srcFrom = gSrc[g];
        int srcTo = srcFrom + gSrcCount[g];
        for (int s = srcFrom; s < srcTo; s++) {
            int count = sCount[s];
            if (count == 0) continue;
            long parentOffset = sOffset[s];
            long end = sEnd[s];
            long at = sFirst[s];
            int thread = sThread[s];
            for (int i = 0; i < count; i++) {
                file.read(at, end, record);
                at = record.end();
                if (admitting && (double) record.value(kept[admitKept]) < admitMin) continue;
                int e = sTop - s0;
                ensureTemp(e + 1);
                tMethod[e] = record.method();
                for (int k = 0; k < keptCount; k++) tKept[e * keptCount + k] = record.value(kept[k]);
                addSource(record, thread);
            }
            file.checkChildrenEnd(parentOffset, end, at);
        }
        int n = sTop - s0;
        if (n == 0) return;
        int g0 = gTop;
        if (n == 1 || !merge && orderBy >= 0) {
            for (int e = 0; e < n; e++) {
                int c = newGroup(key(tMethod[e]), s0 + e, 1);
                System.arraycopy(tKept, e * keptCount, gKept, c * keptCount, keptCount);
            }
        } else {
            groupByKey(s0, n);
        }
        if (orderBy >= 0) orderGroups(g0, gTop);
    }

    private int key(int method) {
        return merge ? keyOf[method] : method;
    }

    /**
     * Sorts the children by key (by rank when there is no order metric: then they come out in their final order),
     * and makes the children with the same key one group (only when merging); each group's sources are reordered to
     * be adjacent.
     */
    private void groupByKey(int s0, int n) {
        for (int e = 0; e < n; e++) {
            int key = key(tMethod[e]);
            tKeys[e] = (long) (orderBy < 0 ? rank[key] : key) << 32 | e;
        }
        if (n <= 16) {
            for (int i = 1; i < n; i++) { // the usual few children: no call into Arrays.sort
                long x = tKeys[i];
                int j = i - 1;
                while (j >= 0 && tKeys[j] > x) {
                    tKeys[j + 1] = tKeys[j];
                    j--;
                }
                tKeys[j + 1] = x;
            }
        } else {
            Arrays.sort(tKeys, 0, n);
        }
        System.arraycopy(sOffset, s0, xOffset, 0, n);
        System.arraycopy(sEnd, s0, xEnd, 0, n);
        System.arraycopy(sFirst, s0, xFirst, 0, n);
        System.arraycopy(sCount, s0, xCount, 0, n);
        System.arraycopy(sThread, s0, xThread, 0, n);
        int c = -1;
        int lastKey = -1;
        for (int i = 0; i < n; i++) {
            int e = (int) tKeys[i];
            int key = key(tMethod[e]);
            int s = s0 + i;
            sOffset[s] = xOffset[e];
            sEnd[s] = xEnd[e];
            sFirst[s] = xFirst[e];
            sCount[s] = xCount[e];
            sThread[s] = xThread[e];
            int from = e * keptCount;
            if (c < 0 || !merge || key != lastKey) {
                c = newGroup(key, s, 1);
                lastKey = key;
                System.arraycopy(tKept, from, gKept, c * keptCount, keptCount);
            } else {
                gSrcCount[c]++;
                int base = c * keptCount;
                for (int k = 0; k < keptCount; k++) gKept[base + k] += tKept[from + k];
            }
        }
    }

    /** Sorts the groups {@code from} to {@code to}: by the order metric, highest first, then by rank. */
    private void orderGroups(int from, int to) {
        int n = to - from;
        if (n < 2) return;
        boolean sorted = true; // children stored highest first by total are often in order already
        for (int g = from + 1; g < to && sorted; g++) sorted = compareGroups(g - 1, g) <= 0;
        if (sorted) return;
        if (tOrder.length < n) tOrder = new int[Math.max(n, tOrder.length * 2)];
        for (int i = 0; i < n; i++) tOrder[i] = from + i;
        sort.sort(tOrder, 0, n, this::compareGroups);
        ensureSpare(n);
        for (int i = 0; i < n; i++) {
            int g = tOrder[i];
            xMethod[i] = gMethod[g];
            xSrc[i] = gSrc[g];
            xSrcCount[i] = gSrcCount[g];
            System.arraycopy(gKept, g * keptCount, xKept, i * keptCount, keptCount);
        }
        System.arraycopy(xMethod, 0, gMethod, from, n);
        System.arraycopy(xSrc, 0, gSrc, from, n);
        System.arraycopy(xSrcCount, 0, gSrcCount, from, n);
        System.arraycopy(xKept, 0, gKept, from * keptCount, n * keptCount);
    }

    private int compareGroups(int a, int b) {
        int c = Long.compare(gKept[b * keptCount + orderBy], gKept[a * keptCount + orderBy]);
        return c != 0 ? c : Integer.compare(rank[gMethod[a]], rank[gMethod[b]]);
    }

    private int newGroup(int method, int src, int srcCount) {
        if (gTop == gMethod.length) {
            int n = gTop * 2;
            gMethod = Arrays.copyOf(gMethod, n);
            gSrc = Arrays.copyOf(gSrc, n);
            gSrcCount = Arrays.copyOf(gSrcCount, n);
            gKept = Arrays.copyOf(gKept, n * keptCount);
        }
        int g = gTop++;
        gMethod[g] = method;
        gSrc[g] = src;
        gSrcCount[g] = srcCount;
        return g;
    }

    private void addSource(TreeNode r, int thread) {
        if (sTop == sOffset.length) {
            int n = sTop + (sTop >> 1);
            sOffset = Arrays.copyOf(sOffset, n);
            sEnd = Arrays.copyOf(sEnd, n);
            sFirst = Arrays.copyOf(sFirst, n);
            sCount = Arrays.copyOf(sCount, n);
            sThread = Arrays.copyOf(sThread, n);
        }
        sOffset[sTop] = r.offset();
        sEnd[sTop] = r.end();
        sFirst[sTop] = r.firstChild();
        sCount[sTop] = r.childCount();
        sThread[sTop] = thread;
        sTop++;
    }

    /** Room for {@code n} children in the working arrays of an expansion. */
    private void ensureTemp(int n) {
        if (tMethod.length >= n) return;
        int c = Math.max(n, tMethod.length * 2);
        tMethod = Arrays.copyOf(tMethod, c);
        tKept = Arrays.copyOf(tKept, c * keptCount);
        tKeys = Arrays.copyOf(tKeys, c);
        xOffset = new long[c];
        xEnd = new long[c];
        xFirst = new long[c];
        xCount = new int[c];
        xThread = new int[c];
        ensureSpare(c);
    }

    private void ensureSpare(int n) {
        if (xMethod.length >= n) return;
        int c = Math.max(n, xMethod.length * 2);
        xMethod = new int[c];
        xSrc = new int[c];
        xSrcCount = new int[c];
        xKept = new long[c * keptCount];
    }
}
