package org.candor.ui.model.snapshot;

import java.io.IOException;
import java.util.List;
import java.util.function.IntPredicate;
import org.candor.core.analysis.ChildOrder;
import org.candor.core.analysis.HotSpot;
import org.candor.core.model.CallNode;

/**
 * What a snapshot window shows now: a thread choice with its tree (the threads' trees merged by method for all
 * threads), that tree's whole, what shares are of, and what the views may ask of it: its rows, hot spots, back
 * traces, the part of it a flame graph draws, a search. The same questions whether the trees are in memory or read
 * in place from the file ({@link SnapshotSource}), with the same answers; the answers of a tree read in place are
 * read as they are asked for. Made by {@link SnapshotSource#select}, off the event thread; so are the calls that
 * throw IOException.
 */
public abstract class SelectedThreads {

    /** The most nodes the back traces of a method may take before they are refused (a node is ~150 bytes). */
    public static final int MAX_BACK_TRACE_NODES = 1_000_000;
    /** The most nodes of the tree a flame graph reads. */
    public static final int MAX_FLAME_NODES = 200_000;

    /**
     * The tree a flame graph draws: the whole tree in memory, or the part of a tree read in place that is wide
     * enough to be drawn.
     *
     * @param cut true when frames wide enough to be drawn were left out (the part reached {@link #MAX_FLAME_NODES})
     */
    public record FlameTree(CallNode root, boolean cut) { }

    private final ThreadChoice choice;
    private final ChildOrder order;
    private final long whole;
    private final long[] totals;
    private final CallTreeRow rows;
    private final List<CallTreeRow> hotPath;
    private final ViewMetrics metrics;

    SelectedThreads(ThreadChoice choice, ChildOrder order, long whole, long[] totals, CallTreeRow rows, ViewMetrics metrics) {
        this.choice = choice;
        this.order = order;
        this.whole = whole;
        this.totals = totals;
        this.rows = rows;
        this.metrics = metrics;
        this.hotPath = metrics.metrics().isEmpty() ? List.of() : List.copyOf(rows.hotPath(metrics.basis(), whole));
    }

    public ThreadChoice choice() { return choice; }
    /** The order of a node's children in every view of this tree (and of trees made of it: back traces). */
    public ChildOrder order() { return order; }
    /** What shares of this tree are of ({@link ViewMetrics#whole}). */
    public long whole() { return whole; }
    /** The tree's totals per metric, as the text report counts a thread's: what its root stands for. */
    public long totals(int metric) { return totals[metric]; }

    /** The root row of the tree (not shown itself): its children's rows and those of the {@link #hotPath} are made. */
    public CallTreeRow rows() { return rows; }

    /**
     * The rows a view of the subtree of {@code row} opens at first, as {@link #hotPath} does for the whole tree with
     * the subtree as the whole: the row itself, then its hottest path. Makes their children: off the event thread
     * for a tree read in place.
     */
    public List<CallTreeRow> hotPathBelow(CallTreeRow row) throws java.io.IOException {
        List<CallTreeRow> open = new java.util.ArrayList<>();
        row.makeChildren();
        open.add(row);
        if (!metrics.metrics().isEmpty()) open.addAll(row.hotPath(metrics.basis(), row.value(metrics.basis())));
        return open;
    }

    /** The rows a view of the tree opens at first ({@link CallTreeRow#hotPath}); their children are made. */
    public List<CallTreeRow> hotPath() { return hotPath; }

    /** True when the trees are read in place: the views' questions read the file. */
    public abstract boolean readsFile();

    /** One hot spot per method of the threads, in method id order: the exact flat profiles where the snapshot has them. */
    public abstract List<HotSpot> hotSpots() throws IOException;

    /**
     * The back traces of a method over these threads (core's BackTraces): the method's node, under a synthetic root.
     *
     * @throws org.candor.core.analysis.BackTraces.TooManyPaths past {@link #MAX_BACK_TRACE_NODES} nodes
     */
    public abstract CallNode backTraces(int methodId) throws IOException;

    /**
     * The tree a flame graph zoomed into the node at {@code zoomPath} draws, where frames narrower than
     * {@code minShare} of that node's width are not drawn: the path to the node, and its subtree as far as it is
     * that wide (all of it, for a tree in memory).
     */
    public abstract FlameTree flameTree(int[] zoomPath, double minShare) throws IOException;

    /**
     * Find: the method path of the next row after the one at {@code after} (null: from the first row) whose method
     * matches, round again past the last; null when none does ({@link TreeSearch}).
     */
    public int[] find(int[] after, IntPredicate matches) throws IOException {
        return TreeSearch.next(descent(), after, matches);
    }

    /** The tree in display order, for a search. */
    abstract TreeSearch.Descent descent();
}
