package org.candor.core.snapshot;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.IntSupplier;

/**
 * A live view's trees: each thread's heaviest call paths, at most {@link #pathsPerThread} nodes, so that a refresh
 * costs the program about the same whatever the size of its trees (writing 750,000 nodes took ~140 ms of the
 * program's CPU a refresh, bench/live-refresh.sh). A node is kept when its first inclusive metric (total time,
 * samples) is at least a threshold and its parent is kept; everything below the cut of a kept node is summed into one
 * synthetic child of it, whose method is {@link #cutMethod}: its inclusive values are the sums of the cut children's,
 * its exclusive ones (calls, self time) the sums over their whole subtrees, so every kept node's figures add up as
 * before. The threshold is the lowest, on a scale of quarter powers of two, that keeps the cut tree, synthetic
 * nodes included, within the limit. The flat profile is not cut: the writer takes it from the whole tree.
 *
 * <p>One instance serves one snapshot: it counts the paths it left out ({@link #pathsLeftOut}) and the threads it
 * cut, for the snapshot's statistics.
 */
public final class TreeCut {

    /** Statistic: the most nodes a thread's tree kept; present in every live view's snapshot. */
    public static final String PATHS_PER_THREAD = "live.paths_per_thread";
    /** Statistic: the nodes left out of the trees, summed under the synthetic nodes instead. */
    public static final String PATHS_CUT = "live.paths_cut";
    /** Statistic: the threads whose trees were cut. */
    public static final String THREADS_CUT = "live.threads_cut";
    /** The method table entry of the synthetic node: class, name, descriptor. */
    public static final String CUT_CLASS = "[candor]";
    public static final String CUT_METHOD = "smaller paths (live view)";
    public static final String CUT_DESCRIPTOR = "()V";

    /** Quarter powers of two: bucket 0 holds values below 1, then four buckets for each power of two. */
    private static final int BUCKETS = 1 + 4 * 64;

    private final int pathsPerThread;
    private final IntSupplier cutMethod;
    private long pathsLeftOut;
    private int threadsCut;
    /** The arrays of the last cut tree, which it uses until it is written, then the next cut tree. */
    private CutArrays arrays;

    /**
     * @param pathsPerThread the most nodes a thread's tree keeps, root and synthetic nodes included (at least 2)
     * @param cutMethod      the method table id of the synthetic node; asked when a first tree is cut
     */
    public TreeCut(int pathsPerThread, IntSupplier cutMethod) {
        if (pathsPerThread < 2) throw new IllegalArgumentException("a cut tree keeps at least 2 nodes, not " + pathsPerThread);
        this.pathsPerThread = pathsPerThread;
        this.cutMethod = cutMethod;
    }

    /**
     * The snapshot is written (or abandoned): the cut trees' arrays are kept for the next snapshot's cut ({@link
     * SoftSpare} says why). The last table {@link #apply} returned is no longer valid.
     */
    void release() {
        if (arrays != null) arrays.giveBack();
        arrays = null;
    }

    /** Nodes of the trees given that were not written as nodes of their own. */
    public long pathsLeftOut() { return pathsLeftOut; }
    public int threadsCut() { return threadsCut; }

    /** The statistics a live snapshot carries (docs/formats/snapshot.md, "Data conventions"). */
    public Map<String, Long> stats() {
        Map<String, Long> stats = new LinkedHashMap<>();
        stats.put(PATHS_PER_THREAD, (long) pathsPerThread);
        stats.put(PATHS_CUT, pathsLeftOut);
        stats.put(THREADS_CUT, (long) threadsCut);
        return stats;
    }

    /**
     * The tree itself when it fits, else its cut copy. One pass gives each node its level, the lower of its own
     * bucket and its parent's level (a node is kept at a threshold exactly when its level reaches it), and the lowest
     * level among its children; from their histograms the size of the cut tree at every threshold follows, kept
     * nodes and synthetic ones, so the lowest threshold that fits is known before the one pass that cuts.
     *
     * @param sortMetric the metric that decides (the first inclusive one); with none ({@code -1}) nothing is cut
     */
    NodeTable apply(NodeTable tree, boolean[] inclusive, int sortMetric, String thread) {
        int n = tree.size();
        if (n <= pathsPerThread || sortMetric < 0) return tree;
        Scratch scratch = Scratch.take(n);
        try {
            return apply(tree, inclusive, sortMetric, thread, scratch.level, scratch.lowestChild, scratch.placed);
        } finally {
            scratch.giveBack();
        }
    }

    private NodeTable apply(NodeTable tree, boolean[] inclusive, int sortMetric, String thread,
                            char[] level, char[] lowestChild, int[] placed) {
        int n = tree.size();
        Arrays.fill(lowestChild, 0, n, NO_CHILD);
        level[0] = (char) BUCKETS;  // the root is always kept
        long[] keptFrom = new long[BUCKETS + 2];      // nodes whose level is b, summed from the top below
        long[] syntheticDelta = new long[BUCKETS + 2]; // +1 where a node starts to need a synthetic child, -1 after
        for (int i = 1; i < n; i++) {
            int p = ThreadEncoder.checkedParent(tree.parent(i), i, thread);
            char l = (char) Math.min(bucket(tree.value(i, sortMetric)), level[p]);
            level[i] = l;
            if (l < lowestChild[p]) lowestChild[p] = l;
            keptFrom[l]++;
        }
        for (int i = 0; i < n; i++) {
            // at thresholds above its lowest child's level and up to its own, a node is kept with a child cut
            if (lowestChild[i] != NO_CHILD && lowestChild[i] < level[i]) {
                syntheticDelta[lowestChild[i] + 1]++;
                syntheticDelta[level[i] + 1]--;
            }
        }
        for (int b = BUCKETS; b >= 0; b--) keptFrom[b] += keptFrom[b + 1];
        int threshold = BUCKETS;
        long synthetic = 0;
        for (int b = 1; b <= BUCKETS; b++) {
            synthetic += syntheticDelta[b];
            if (1 + keptFrom[b] + synthetic <= pathsPerThread) {
                threshold = b;
                break;
            }
        }
        if (arrays == null) arrays = CutArrays.take();  // the previous cut tree, if any, is written by now
        Cut cut = new Cut(tree, inclusive, level, placed, threshold, pathsPerThread, arrays);
        pathsLeftOut += n - cut.kept;
        threadsCut++;
        cut.method = cut.residuals > 0 ? cutMethod.getAsInt() : -1;
        return cut;
    }

    private static final char NO_CHILD = Character.MAX_VALUE;

    /** The per-node arrays of a cut, 8 bytes a node, kept for the next cut ({@link SoftSpare} says why). */
    private static final class Scratch {
        private static final SoftSpare<Scratch> SPARE = new SoftSpare<>();

        final char[] level;
        final char[] lowestChild;
        final int[] placed;

        private Scratch(int n) {
            level = new char[n];
            lowestChild = new char[n];
            placed = new int[n];
        }

        /** The spare when it has room for {@code n} nodes, else new arrays (an eighth more, for a growing tree). */
        static Scratch take(int n) {
            Scratch s = SPARE.take();
            if (s != null && s.level.length >= n) return s;
            return new Scratch((int) Math.min(Integer.MAX_VALUE - 8, n + (long) (n >> 3)));
        }

        void giveBack() {
            SPARE.giveBack(this);
        }
    }

    static int bucket(long v) {
        if (v < 1) return 0;
        int log = 63 - Long.numberOfLeadingZeros(v);
        int quarter = log >= 2 ? (int) ((v >>> (log - 2)) & 3) : 0;
        return 1 + 4 * log + quarter;
    }

    /**
     * A cut tree's own arrays, about 56 bytes plus 8 a metric a kept node: sized for the limit of kept nodes (in the program's heap, a
     * fresh ~1 MB each refresh and thread, zeroed and faulted in), so kept from one cut tree to the next and softly
     * from one snapshot to the next. Only what a cut writes is read back, so they are never cleared.
     */
    private static final class CutArrays {
        private static final SoftSpare<CutArrays> SPARE = new SoftSpare<>();

        int[] newParent = new int[0];
        int[] keptMethod = new int[0];
        long[] keptValues = new long[0];
        int[] residualParent = new int[0];
        int[] residualOf = new int[0];
        long[] residualValues = new long[0];

        static CutArrays take() {
            CutArrays a = SPARE.take();
            return a != null ? a : new CutArrays();
        }

        void giveBack() { SPARE.giveBack(this); }

        /** Room for {@code room} nodes of either kind, {@code metrics} values each. */
        void reserve(int room, int metrics) {
            if (newParent.length < room) {
                newParent = new int[room];
                keptMethod = new int[room];
                residualParent = new int[room];
                residualOf = new int[room];
            }
            if (residualValues.length < (long) room * metrics) residualValues = new long[room * metrics];
            if (keptValues.length < (long) room * metrics) keptValues = new long[room * metrics];
        }
    }

    /**
     * The kept nodes in their old order (so parents still come first), then one synthetic node per cut parent. The
     * kept nodes' methods and values are copied as the cut passes them in order: the writer reads each several times,
     * and where they are in the whole tree they are scattered (a cache miss apiece).
     */
    private static final class Cut implements NodeTable {
        private final int metrics;
        private final CutArrays arrays;
        private int[] newParent;
        private int[] keptMethod;
        private long[] keptValues;
        int kept;
        int residuals;
        private int[] residualParent;
        private long[] residualValues;
        int method;

        /**
         * @param limit  the most nodes the cut keeps, synthetic ones included: the arrays are sized once for it
         * @param arrays where the cut tree lives (any content), grown as needed
         */
        Cut(NodeTable tree, boolean[] inclusive, char[] level, int[] placed, int threshold, int limit, CutArrays arrays) {
            this.metrics = inclusive.length;
            this.arrays = arrays;
            int room = Math.min(tree.size(), limit) + 1;
            arrays.reserve(room, metrics);
            newParent = arrays.newParent;
            residualParent = arrays.residualParent;
            residualValues = arrays.residualValues;
            keptMethod = arrays.keptMethod;
            keptValues = arrays.keptValues;
            // per node: its new number when kept, else -2 - the new number of the kept node it is summed under
            placed[0] = 0;
            arrays.residualOf[0] = 0;
            newParent[0] = -1;
            keepValues(tree, 0, 0);
            kept = 1;
            int[] sumOf = subtreeSums(tree, inclusive);
            if (sumOf != null) cutByCutNodes(tree, level, placed, threshold, sumOf);
            else cutByEveryNode(tree, inclusive, level, placed, threshold);
        }

        /** The cut that adds every node below a cut node to the synthetic node it is summed under. */
        private void cutByEveryNode(NodeTable tree, boolean[] inclusive, char[] level, int[] placed, int threshold) {
            int[] exclusive = exclusiveMetrics(inclusive);
            int[] residualOf = arrays.residualOf;
            int n = tree.size();
            for (int i = 1; i < n; i++) {
                int parentPlace = placed[tree.parent(i)];
                if (level[i] >= threshold) {  // its parent's level is at least its own: kept too
                    residualOf = keep(tree, i, parentPlace, placed, residualOf);
                    continue;
                }
                boolean cutChild = parentPlace >= 0;
                int anchor = cutChild ? parentPlace : -2 - parentPlace;
                placed[i] = -2 - anchor;
                if (residualOf[anchor] == 0) residualOf[anchor] = 1 + addResidual(anchor);
                int base = (residualOf[anchor] - 1) * metrics;
                if (cutChild) {
                    for (int k = 0; k < metrics; k++) residualValues[base + k] += tree.value(i, k);
                } else {
                    // an inclusive value holds the whole subtree: taken from the cut child alone
                    for (int k : exclusive) residualValues[base + k] += tree.value(i, k);
                }
            }
        }

        /** Node {@code i} kept under the kept node {@code parentPlace}; returns the residual index, grown if need be. */
        private int[] keep(NodeTable tree, int i, int parentPlace, int[] placed, int[] residualOf) {
            if (kept == newParent.length) grow();
            if (kept == residualOf.length) residualOf = arrays.residualOf = Arrays.copyOf(residualOf, kept * 2);
            placed[i] = kept;
            newParent[kept] = parentPlace;
            residualOf[kept] = 0;
            keepValues(tree, i, kept);
            kept++;
            return residualOf;
        }

        /**
         * Per metric, the metric a cut node's value is taken from when every exclusive metric has an inclusive one
         * that sums it over a subtree ({@link NodeTable#subtreeSum}), else null.
         */
        private static int[] subtreeSums(NodeTable tree, boolean[] inclusive) {
            int[] sumOf = new int[inclusive.length];
            for (int k = 0; k < inclusive.length; k++) {
                sumOf[k] = inclusive[k] ? k : tree.subtreeSum(k);
                if (sumOf[k] < 0 || sumOf[k] >= inclusive.length || !inclusive[sumOf[k]]) return null;
            }
            return sumOf;
        }

        /**
         * The cut when the cut nodes' values say all their subtrees hold: nodes below a cut node are passed over
         * (a look at their parent's level), their place never written, since only kept nodes and cut nodes read it.
         */
        private void cutByCutNodes(NodeTable tree, char[] level, int[] placed, int threshold, int[] sumOf) {
            int n = tree.size();
            int[] residualOf = arrays.residualOf;
            for (int i = 1; i < n; i++) {
                if (level[i] < threshold) {
                    int parent = tree.parent(i);
                    if (level[parent] < threshold) continue;  // below a cut node: in its values already
                    int anchor = placed[parent];
                    if (residualOf[anchor] == 0) residualOf[anchor] = 1 + addResidual(anchor);
                    int base = (residualOf[anchor] - 1) * metrics;
                    for (int k = 0; k < metrics; k++) residualValues[base + k] += tree.value(i, sumOf[k]);
                    continue;
                }
                residualOf = keep(tree, i, placed[tree.parent(i)], placed, residualOf);
            }
        }

        private static int[] exclusiveMetrics(boolean[] inclusive) {
            int count = 0;
            for (boolean b : inclusive) if (!b) count++;
            int[] exclusive = new int[count];
            count = 0;
            for (int k = 0; k < inclusive.length; k++) if (!inclusive[k]) exclusive[count++] = k;
            return exclusive;
        }

        private void keepValues(NodeTable tree, int node, int at) {
            keptMethod[at] = tree.method(node);
            for (int k = 0; k < metrics; k++) keptValues[at * metrics + k] = tree.value(node, k);
        }

        private int addResidual(int parent) {
            if (residuals == residualParent.length) {
                residualParent = arrays.residualParent = Arrays.copyOf(residualParent, residuals * 2);
            }
            if ((residuals + 1) * metrics > residualValues.length) {
                residualValues = arrays.residualValues = Arrays.copyOf(residualValues, (residuals + 1) * 2 * metrics);
            }
            residualParent[residuals] = parent;
            Arrays.fill(residualValues, residuals * metrics, (residuals + 1) * metrics, 0);  // the arrays are reused
            return residuals++;
        }

        private void grow() {
            newParent = arrays.newParent = Arrays.copyOf(newParent, kept * 2);
            keptMethod = arrays.keptMethod = Arrays.copyOf(keptMethod, kept * 2);
            keptValues = arrays.keptValues = Arrays.copyOf(keptValues, kept * 2 * metrics);
        }

        @Override public int size() { return kept + residuals; }

        @Override public int parent(int node) {
            return node < kept ? newParent[node] : residualParent[node - kept];
        }

        @Override public int method(int node) {
            return node < kept ? keptMethod[node] : method;
        }

        @Override public long value(int node, int metric) {
            return (node < kept ? keptValues : residualValues)[(node < kept ? node : node - kept) * metrics + metric];
        }
    }
}
