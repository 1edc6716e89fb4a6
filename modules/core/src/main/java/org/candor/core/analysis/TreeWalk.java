package org.candor.core.analysis;

import java.io.IOException;
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
 * children are all of theirs), sorted, and kept while the walk is below them. Memory: the children of the nodes on
 * the current path, nothing per node of the tree. Nothing here recurses: trees can be hundreds of thousands deep.
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
        int group;

        /** The method id (the merge key when merging by frame); -1 for the start. */
        public int method() { return gMethod[group]; }

        /** The value of the metric with this index: summed over the merged nodes. */
        public long value(int metric) { return gValues[group * metricCount + metric]; }

        /** How many records of the file this node merges (1 when not merging). */
        public int sourceCount() { return gSrcCount[group]; }

        /** The offset of the i-th record merged here. */
        public long sourceOffset(int i) { return sOffset[gSrc[group] + i]; }

        /** The index, in the walk's thread list, of the i-th record's thread. */
        public int sourceThread(int i) { return sThread[gSrc[group] + i]; }

        boolean hasChildren() {
            for (int s = gSrc[group], end = s + gSrcCount[group]; s < end; s++) if (sCount[s] > 0) return true;
            return false;
        }
    }

    private final SnapshotFile file;
    private final List<ThreadTree> threads;
    private final int metricCount;
    private final boolean merge;
    private final int[] keyOf;
    private final int orderMetric;
    private final int[] rank;
    private final TreeNode record;
    private final IndexSort sort = new IndexSort();

    // records read (sources), each with its extent's end, first child, child count and thread
    private long[] sOffset = new long[256];
    private long[] sEnd = new long[256];
    private long[] sFirst = new long[256];
    private int[] sCount = new int[256];
    private int[] sThread = new int[256];
    private int sTop;

    // nodes of the walk (groups of sources), each with its sources' range and summed values
    private int[] gMethod = new int[256];
    private int[] gSrc = new int[256];
    private int[] gSrcCount = new int[256];
    private long[] gValues;
    private int gTop;

    // the path: per level, the node, its children's range of groups and the next one, the sources before them
    private int[] fGroup = new int[64];
    private int[] fFrom = new int[64];
    private int[] fTo = new int[64];
    private int[] fNext = new int[64];
    private int[] fSrcMark = new int[64];
    private int fTop;

    // working arrays of one expansion
    private int[] tMethod = new int[256];
    private long[] tValues;
    private long[] tKeys = new long[256];
    private int[] tOrder = new int[256];

    /**
     * @param keyOf       when not null, children are merged by {@code keyOf[method]} (identity: merge by method, a
     *                    frame id map: merge overloads); null: every record is its own node
     * @param orderMetric children highest first by this metric, or -1 for rank order only
     * @param rank        then by {@code rank[key]}, lowest first (equal ranks keep their stored order)
     */
    public TreeWalk(SnapshotFile file, List<ThreadTree> threads, int[] keyOf, int orderMetric, int[] rank) {
        this.file = file;
        this.threads = List.copyOf(threads);
        this.metricCount = file.metrics().size();
        this.merge = keyOf != null;
        this.keyOf = keyOf;
        this.orderMetric = orderMetric;
        this.rank = rank;
        this.record = file.newNode();
        this.gValues = new long[256 * metricCount];
        this.tValues = new long[256 * metricCount];
    }

    /** Identity: merging by method id. */
    public static int[] byMethod(int methodCount) {
        int[] ids = new int[methodCount];
        for (int i = 0; i < ids.length; i++) ids[i] = i;
        return ids;
    }

    /** Walks from the threads' roots, merged into one start node at depth 0. */
    public void walk(Visitor visitor) throws IOException {
        sTop = 0;
        gTop = 0;
        fTop = 0;
        int root = newGroup(-1, 0, threads.size());
        for (int t = 0; t < threads.size(); t++) {
            file.readRoot(threads.get(t), record);
            addSource(record, t);
            for (int k = 0; k < metricCount; k++) gValues[root * metricCount + k] += record.value(k);
        }
        run(root, 0, visitor);
    }

    /** The nodes of the node's subtree in this walk (merged as the walk merges), the node included. */
    public long countSubtree(Node node) throws IOException {
        long[] count = {0};
        run(node.group, 0, new Visitor() {
            @Override public boolean enter(Node n, int depth) {
                count[0]++;
                return true;
            }
        });
        return count[0];
    }

    /** Visits group {@code start} and below, on the path levels above the current ones; leaves them as it found them. */
    private void run(int start, int startDepth, Visitor visitor) throws IOException {
        Node node = new Node();
        node.group = start;
        if (!visitor.enter(node, startDepth) || !node.hasChildren()) {
            visitor.exit(node, startDepth);
            return;
        }
        int base = fTop;
        push(start);
        while (fTop > base) {
            int f = fTop - 1;
            int depth = startDepth + f - base + 1;
            if (fNext[f] < fTo[f]) {
                node.group = fNext[f]++;
                if (visitor.enter(node, depth) && node.hasChildren()) {
                    push(node.group);
                } else {
                    visitor.exit(node, depth);
                }
            } else {
                node.group = fGroup[f];
                visitor.exit(node, depth - 1);
                gTop = fFrom[f];
                sTop = fSrcMark[f];
                fTop--;
            }
        }
    }

    /** A new path level for group {@code g}: its children read, grouped and sorted. */
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

    private void expand(int g) throws IOException {
        int s0 = sTop;
        int srcFrom = gSrc[g];
        int srcTo = srcFrom + gSrcCount[g];
        for (int s = srcFrom; s < srcTo; s++) {
            int count = sCount[s];
            if (count == 0) continue;
            long at = sFirst[s];
            long end = sEnd[s];
            for (int i = 0; i < count; i++) {
                file.read(at, end, record);
                int e = sTop - s0;
                ensureTemp(e + 1);
                tMethod[e] = record.method();
                for (int k = 0; k < metricCount; k++) tValues[e * metricCount + k] = record.value(k);
                addSource(record, sThread[s]);
                at = record.end();
            }
            file.checkChildrenEnd(sOffset[s], end, at);
        }
        int n = sTop - s0;
        if (n == 0) return;
        int g0 = gTop;
        if (!merge || n == 1) {
            for (int e = 0; e < n; e++) {
                int c = newGroup(merge ? keyOf[tMethod[e]] : tMethod[e], s0 + e, 1);
                System.arraycopy(tValues, e * metricCount, gValues, c * metricCount, metricCount);
            }
        } else {
            groupByKey(s0, n);
        }
        orderGroups(g0, gTop);
    }

    /** Children with the same key become one group; their sources are reordered so that each group's are adjacent. */
    private void groupByKey(int s0, int n) {
        for (int e = 0; e < n; e++) tKeys[e] = (long) keyOf[tMethod[e]] << 32 | e;
        Arrays.sort(tKeys, 0, n);
        long[] offset = Arrays.copyOfRange(sOffset, s0, s0 + n);
        long[] end = Arrays.copyOfRange(sEnd, s0, s0 + n);
        long[] first = Arrays.copyOfRange(sFirst, s0, s0 + n);
        int[] count = Arrays.copyOfRange(sCount, s0, s0 + n);
        int[] thread = Arrays.copyOfRange(sThread, s0, s0 + n);
        int c = -1;
        int lastKey = -1;
        for (int i = 0; i < n; i++) {
            int key = (int) (tKeys[i] >>> 32);
            int e = (int) tKeys[i];
            int s = s0 + i;
            sOffset[s] = offset[e];
            sEnd[s] = end[e];
            sFirst[s] = first[e];
            sCount[s] = count[e];
            sThread[s] = thread[e];
            if (c < 0 || key != lastKey) {
                c = newGroup(key, s, 0);
                lastKey = key;
            }
            gSrcCount[c]++;
            for (int k = 0; k < metricCount; k++) gValues[c * metricCount + k] += tValues[e * metricCount + k];
        }
    }

    /** Sorts the groups {@code from} to {@code to}: by the order metric, highest first, then by rank. */
    private void orderGroups(int from, int to) {
        int n = to - from;
        if (n < 2) return;
        if (tOrder.length < n) tOrder = new int[Math.max(n, tOrder.length * 2)];
        for (int i = 0; i < n; i++) tOrder[i] = from + i;
        sort.sort(tOrder, 0, n, (a, b) -> {
            if (orderMetric >= 0) {
                int c = Long.compare(gValues[b * metricCount + orderMetric], gValues[a * metricCount + orderMetric]);
                if (c != 0) return c;
            }
            return Integer.compare(rank[gMethod[a]], rank[gMethod[b]]);
        });
        int[] method = new int[n];
        int[] src = new int[n];
        int[] srcCount = new int[n];
        long[] values = new long[n * metricCount];
        for (int i = 0; i < n; i++) {
            int g = tOrder[i];
            method[i] = gMethod[g];
            src[i] = gSrc[g];
            srcCount[i] = gSrcCount[g];
            System.arraycopy(gValues, g * metricCount, values, i * metricCount, metricCount);
        }
        System.arraycopy(method, 0, gMethod, from, n);
        System.arraycopy(src, 0, gSrc, from, n);
        System.arraycopy(srcCount, 0, gSrcCount, from, n);
        System.arraycopy(values, 0, gValues, from * metricCount, n * metricCount);
    }

    private int newGroup(int method, int src, int srcCount) {
        if (gTop == gMethod.length) {
            int n = gTop * 2;
            gMethod = Arrays.copyOf(gMethod, n);
            gSrc = Arrays.copyOf(gSrc, n);
            gSrcCount = Arrays.copyOf(gSrcCount, n);
            gValues = Arrays.copyOf(gValues, n * metricCount);
        }
        int g = gTop++;
        gMethod[g] = method;
        gSrc[g] = src;
        gSrcCount[g] = srcCount;
        Arrays.fill(gValues, g * metricCount, (g + 1) * metricCount, 0L);
        return g;
    }

    private void addSource(TreeNode r, int thread) {
        if (sTop == sOffset.length) {
            int n = sTop * 2;
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

    private void ensureTemp(int n) {
        if (tMethod.length >= n) return;
        int c = Math.max(n, tMethod.length * 2);
        tMethod = Arrays.copyOf(tMethod, c);
        tValues = Arrays.copyOf(tValues, c * metricCount);
        tKeys = Arrays.copyOf(tKeys, c);
    }
}
