package org.candor.core.analysis;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.function.IntToLongFunction;
import org.candor.core.model.CallNode;
import org.candor.core.model.Metric;
import org.candor.core.model.ThreadProfile;
import org.candor.core.snapshot.SnapshotFile;
import org.candor.core.snapshot.ThreadTree;
import org.candor.core.snapshot.TreeNode;
import org.candor.core.snapshot.TreeScan;

/**
 * Back traces of a method: who called it, by which paths, and how much of its figures came through each. The
 * result is an inverted tree whose root is the method (its figures over the threads given) and whose children are
 * its callers, their callers below them, down to the threads' entry points; each level holds the figures of the
 * method's frames reached through that path. The method's node hangs under a synthetic root ({@link CallNode#ROOT}).
 *
 * <p>Exclusive figures (calls, self time) add up over every frame of the method. Inclusive ones (total time) count
 * only frames that have no frame of the same method above them, as a method's total does in the flat profile, so a
 * recursive method's time is counted once.
 *
 * <p>Of trees in memory, or read in place: one scan of each thread's tree in file order, holding only the path to
 * the node read and the inverted tree, which is refused past a size ({@link TooManyPaths}).
 */
public final class BackTraces {

    /** The back traces of a method need more nodes than were allowed: a method called on very many paths. */
    public static final class TooManyPaths extends IOException {
        private static final long serialVersionUID = 1L;

        TooManyPaths(int limit) {
            super(String.format(Locale.ROOT, "its callers make more than %,d call paths", limit));
        }
    }

    private BackTraces() {}

    public static CallNode of(List<ThreadProfile> threads, int methodId, List<Metric> metrics) {
        Inverted back = new Inverted(methodId, metrics, Integer.MAX_VALUE);
        int[] callers = new int[64];
        for (ThreadProfile t : threads) {
            Deque<CallNode> todo = new ArrayDeque<>(t.root().children());
            while (!todo.isEmpty()) {
                CallNode node = todo.pop();
                todo.addAll(node.children());
                if (node.methodId() != methodId) continue;
                // the callers, nearest first, in one walk up
                int n = 0;
                for (CallNode caller = node.parent(); caller != null && !caller.isRoot(); caller = caller.parent()) {
                    if (n == callers.length) callers = Arrays.copyOf(callers, n * 2);
                    callers[n++] = caller.methodId();
                }
                back.add(callers, n, node::value);
            }
        }
        return back.root;
    }

    /**
     * The back traces of a method over threads read in place.
     *
     * @param maxNodes the most nodes the inverted tree may have
     * @throws TooManyPaths when it would have more
     */
    public static CallNode of(SnapshotFile file, List<ThreadTree> threads, int methodId, int maxNodes) throws IOException {
        Inverted back = new Inverted(methodId, file.metrics(), maxNodes);
        for (ThreadTree t : threads) {
            int[][] path = {new int[64]};
            int[][] callers = {new int[64]};
            TreeScan.scan(file, t, new TreeScan.Visitor() {
                @Override public void enter(TreeNode node, int depth) throws IOException {
                    if (depth == path[0].length) path[0] = Arrays.copyOf(path[0], depth * 2);
                    path[0][depth] = node.method();
                    if (depth == 0 || node.method() != methodId) return;
                    if (callers[0].length < depth) callers[0] = new int[depth * 2];
                    for (int i = 0; i < depth - 1; i++) callers[0][i] = path[0][depth - 1 - i];
                    if (!back.add(callers[0], depth - 1, node::value)) throw new TooManyPaths(maxNodes);
                }

                @Override public void exit(int method, int depth) {}
            });
        }
        return back.root;
    }

    /** The inverted tree being built, under its synthetic root, as a tree view shows a thread's: the method on top. */
    private static final class Inverted {
        final CallNode root;
        final int methodId;
        final boolean[] inclusive;
        final long[] values;
        final int maxNodes;
        int nodes = 1;

        Inverted(int methodId, List<Metric> metrics, int maxNodes) {
            int n = metrics.size();
            this.root = new CallNode(new CallNode(null, CallNode.ROOT, n), methodId, n);
            this.methodId = methodId;
            this.inclusive = new boolean[n];
            for (int i = 0; i < n; i++) inclusive[i] = metrics.get(i).inclusive();
            this.values = new long[n];
            this.maxNodes = maxNodes;
        }

        /**
         * A frame of the method, its callers nearest first; a frame of the method among them makes this one inner.
         * False when its path would take the tree past its size limit (it is then left incomplete).
         */
        boolean add(int[] callers, int count, IntToLongFunction value) {
            boolean outermost = true;
            for (int i = 0; i < count && outermost; i++) if (callers[i] == methodId) outermost = false;
            for (int i = 0; i < values.length; i++) values[i] = inclusive[i] && !outermost ? 0 : value.applyAsLong(i);
            addValues(root);
            CallNode level = root;
            for (int i = 0; i < count; i++) {
                CallNode next = level.child(callers[i]);
                if (next == null) {
                    if (++nodes > maxNodes) return false;
                    next = new CallNode(level, callers[i], values.length);
                }
                addValues(next);
                level = next;
            }
            return true;
        }

        private void addValues(CallNode node) {
            for (int i = 0; i < values.length; i++) node.addValue(i, values[i]);
        }
    }
}
