package org.candor.ui.model.snapshot;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.function.Predicate;
import org.candor.core.model.CallNode;
import org.candor.core.model.MethodInfo;

/**
 * The frames of a flame graph over the threads shown, zoomed into one node: the zoomed node spans the whole width,
 * the nodes on the way down to it lie below it at full width, and above it each node sits on its caller, as wide as
 * its share of the zoomed node's basis value ({@link ViewMetrics#basis}, inclusive), callees left to right largest
 * first (the call tree's order). x and width are fractions of the whole width; depth 0 is the tree's root (all the
 * threads shown). Frames narrower than {@code minWidth} are left out with what they called, so a frame graph of
 * any tree has at most one frame per {@code minWidth} a row.
 */
public final class FlameGraph {

    /** One frame to draw; {@code parent} is the index of its caller's frame, -1 for the root's. */
    public record Frame(CallNode node, int depth, double x, double width, boolean belowZoom, int parent) { }

    /**
     * The frames a find matched and the share of the zoomed width they cover (nested matches counted once); when none
     * is drawn, the call paths under the zoomed node too narrow to draw that match ({@code narrow}), and their share.
     */
    public record Matches(boolean[] matched, int count, double share, int narrow, double narrowShare) {
        public Matches(boolean[] matched, int count, double share) {
            this(matched, count, share, 0, 0);
        }

        public boolean matched(int frame) { return matched[frame]; }

        /**
         * {@code 2 frames, 60.6% of the graph}; {@code Only in 3 frames too narrow to draw (0.4% of the graph): zoom
         * in, or find it in Hot Spots}; or {@code Not found}.
         */
        public String summary() {
            if (count == 0 && narrow > 0) {
                return "Only in " + narrow + (narrow == 1 ? " frame" : " frames") + " too narrow to draw ("
                        + DisplayUnits.percent(narrowShare) + " of the graph): zoom in, or find it in Hot Spots";
            }
            if (count == 0) return "Not found";
            return count + (count == 1 ? " frame, " : " frames, ") + DisplayUnits.percent(share) + " of the graph";
        }
    }

    /** How many nodes a find walks below the zoomed node for matches too narrow to draw: bounds a find's time. */
    static final int NARROW_WALK_LIMIT = 2_000_000;

    private final SnapshotSource snapshot;
    private final SelectedThreads shown;
    private final CallNode tree;
    private final CallNode zoom;
    private final List<Frame> frames = new ArrayList<>();
    private int rows;
    private int basis;
    private long zoomValue;

    private FlameGraph(SnapshotSource snapshot, SelectedThreads shown, CallNode tree, CallNode zoom) {
        this.snapshot = snapshot;
        this.shown = shown;
        this.tree = tree;
        this.zoom = zoom;
    }

    /**
     * @param tree the threads' tree as the graph has it ({@link SelectedThreads#flameTree}): its root is theirs
     * @param zoom the node that spans the width: the tree's root or a node below it
     * @param minWidth the narrowest frame kept, as a fraction of the width (e.g. one pixel's)
     */
    public static FlameGraph of(SnapshotSource snapshot, SelectedThreads shown, CallNode tree, CallNode zoom, double minWidth) {
        FlameGraph g = new FlameGraph(snapshot, shown, tree, zoom);
        g.lay(new ViewMetrics(snapshot.metrics()).basis(), minWidth);
        return g;
    }

    private void lay(int basis, double minWidth) {
        this.basis = basis;
        CallNode[] path = pathTo(zoom);
        for (int d = 0; d < path.length; d++) frames.add(new Frame(path[d], d, 0, 1, d < path.length - 1, d - 1));
        rows = path.length;
        long zoomValue = zoom == tree ? shown.whole() : zoom.value(basis);
        this.zoomValue = zoomValue;
        if (zoomValue <= 0) return;
        Comparator<CallNode> largestFirst = shown.order().nodes(); // the call tree's order: by the basis, the tree's value
        ArrayDeque<Integer> open = new ArrayDeque<>();
        open.push(frames.size() - 1);
        while (!open.isEmpty()) {
            int index = open.pop();
            Frame caller = frames.get(index);
            // only the callees wide enough to be kept are sorted: a node may have thousands of narrow ones
            long narrowest = (long) Math.ceil(minWidth * zoomValue);
            List<CallNode> wide = new ArrayList<>();
            for (CallNode c : caller.node().children()) if (c.value(basis) >= narrowest) wide.add(c);
            if (wide.isEmpty()) continue;
            CallNode[] sorted = wide.toArray(new CallNode[0]);
            Arrays.sort(sorted, largestFirst);
            double x = caller.x();
            double end = caller.x() + caller.width();
            int first = frames.size();
            for (CallNode child : sorted) {
                // a child's total never exceeds its caller's, but calibration's rounding may: keep within the caller
                double width = Math.min((double) child.value(basis) / zoomValue, end - x);
                if (width < minWidth) break;  // sorted: the rest are narrower still
                frames.add(new Frame(child, caller.depth() + 1, x, width, false, index));
                rows = Math.max(rows, caller.depth() + 2);
                x += width;
            }
            for (int i = frames.size() - 1; i >= first; i--) open.push(i);  // the leftmost callee's callees next
        }
    }

    /** The nodes from the tree's root down to {@code node}. Iterative: trees can be thousands of levels deep. */
    private static CallNode[] pathTo(CallNode node) {
        ArrayDeque<CallNode> path = new ArrayDeque<>();
        for (CallNode n = node; n != null; n = n.parent()) path.push(n);
        return path.toArray(new CallNode[0]);
    }

    /** Every frame, each after its caller's. */
    public List<Frame> frames() { return frames; }
    /** Rows of frames: the deepest frame's depth + 1. */
    public int rows() { return rows; }
    /** The node that spans the width. */
    public CallNode zoom() { return zoom; }
    /** Its frame: after the frames of the nodes below it. */
    public Frame zoomFrame() { return frames.get(zoom.depth()); }
    public boolean isZoomed() { return zoom != tree; }

    /** The frame at a point, x a fraction of the width, or -1. */
    public int frameAt(double x, int depth) {
        for (int i = 0; i < frames.size(); i++) {
            Frame f = frames.get(i);
            if (f.depth() == depth && x >= f.x() && x < f.x() + f.width()) return i;
        }
        return -1;
    }

    /** What a frame says: the method's short signature, or for the root the threads shown. */
    public String name(Frame f) {
        return f.node().isRoot() ? shown.choice().label() : MethodNames.shortSignature(method(f));
    }

    public MethodInfo method(Frame f) {
        return f.node().isRoot() ? null : snapshot.methods().get(f.node().methodId());
    }

    /**
     * What hovering over a frame tells: the method (class-qualified) and each of the tree's value columns with its
     * share of all the threads shown ({@link ValueColumns#line}).
     */
    public List<String> describe(Frame f) {
        List<String> lines = new ArrayList<>();
        lines.add(f.node().isRoot() ? shown.choice().label() : MethodNames.qualified(method(f)));
        ValueColumns columns = ValueColumns.forTree(snapshot.metrics());
        for (int c = 0; c < columns.count(); c++) lines.add(columns.line(c, valuesOf(f.node()), shown.whole()));
        return lines;
    }

    /** A node's values; the root's are the tree's totals, as the text report counts them (not its own record). */
    private java.util.function.IntToLongFunction valuesOf(CallNode node) {
        return node.isRoot() ? shown::totals : node::value;
    }

    /** The frames whose method matches. */
    public Matches find(Predicate<MethodInfo> matches) {
        boolean[] matched = new boolean[frames.size()];
        boolean[] covered = new boolean[frames.size()];
        int count = 0;
        double share = 0;
        for (int i = 0; i < frames.size(); i++) {
            Frame f = frames.get(i);
            matched[i] = !f.node().isRoot() && matches.test(method(f));
            boolean callerCovered = f.parent() >= 0 && covered[f.parent()];
            covered[i] = matched[i] || callerCovered;
            if (!matched[i]) continue;
            count++;
            if (!callerCovered) share += f.width();
        }
        if (count > 0) return new Matches(matched, count, Math.min(1, share));
        return narrowMatches(matched, matches);
    }

    /**
     * No frame drawn matches: the nodes under the zoomed one that do, counted (nested ones once in the share), where
     * they are too narrow to draw: what the find's words tell the reader instead of "Not found".
     */
    private Matches narrowMatches(boolean[] matched, Predicate<MethodInfo> matches) {
        if (zoomValue <= 0) return new Matches(matched, 0, 0);
        int narrow = 0;
        long value = 0;
        int walked = 0;
        ArrayDeque<CallNode> open = new ArrayDeque<>();
        for (CallNode c : zoom.children()) open.push(c);
        while (!open.isEmpty() && walked++ < NARROW_WALK_LIMIT) {
            CallNode n = open.pop();
            if (matches.test(snapshot.methods().get(n.methodId()))) {
                narrow++;
                value += n.value(basis);  // its callees' matches lie inside it: not walked again
                continue;
            }
            for (CallNode c : n.children()) open.push(c);
        }
        return new Matches(matched, 0, 0, narrow, Math.min(1, (double) value / zoomValue));
    }

    /** The zoomed node as method ids from below the root: to zoom into the same path of a later snapshot. */
    public int[] zoomPath() {
        return pathOf(zoom);
    }

    /** A node's method ids from below its tree's root: the same call path in another tree of the same threads. */
    public static int[] pathOf(CallNode node) {
        CallNode[] path = pathTo(node);
        int[] ids = new int[path.length - 1];
        for (int i = 1; i < path.length; i++) ids[i - 1] = path[i].methodId();
        return ids;
    }

    /** The node at a {@link #zoomPath} below {@code root}, or null when the tree has no such path. */
    public static CallNode nodeAt(CallNode root, int[] methodPath) {
        CallNode n = root;
        for (int id : methodPath) {
            n = n.child(id);
            if (n == null) return null;
        }
        return n;
    }
}
