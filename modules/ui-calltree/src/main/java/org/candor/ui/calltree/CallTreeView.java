package org.candor.ui.calltree;

import java.awt.BorderLayout;
import java.awt.EventQueue;
import java.awt.Point;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.IntPredicate;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.swing.BorderFactory;
import javax.swing.JPanel;
import javax.swing.JPopupMenu;
import javax.swing.JScrollPane;
import org.candor.ui.model.snapshot.CallTreeRow;
import org.candor.ui.model.snapshot.MethodNames;
import org.candor.ui.model.snapshot.SelectedThreads;
import org.candor.ui.model.snapshot.SnapshotSource;
import org.candor.ui.model.snapshot.ValueColumns;
import org.candor.ui.snapshot.spi.SnapshotView;
import org.candor.ui.snapshot.spi.SnapshotViewContext;
import org.candor.ui.snapshot.spi.ViewIds;
import org.netbeans.api.progress.ProgressHandle;
import org.netbeans.swing.outline.DefaultOutlineModel;
import org.netbeans.swing.outline.Outline;
import org.openide.util.RequestProcessor;

/**
 * The call tree of the threads shown: method, then the value columns with share bars, children largest first; at
 * first the hottest path is open. A find bar above it (Ctrl+F); a row's menu leads to the other views, and Focus on
 * Subtree shows one row's subtree alone (its root at the left edge: a call path hundreds of levels deep is read
 * without its names pushed out of the column) under a bar naming its path, until Whole Tree. Whatever reads the tree
 * (a row's children of a tree read in place, a search, a reader's place taken up) runs in the background; the rows
 * open when it is done.
 */
public final class CallTreeView extends JPanel implements SnapshotView {

    private static final Logger LOG = Logger.getLogger(CallTreeView.class.getName());
    /** One search at a time; a new one, or Cancel on its progress bar, interrupts the one running. */
    private static final RequestProcessor SEARCH = new RequestProcessor("Candor call tree search", 1, true);

    /**
     * Where a reader is in the tree: paths as method ids from the top, the scroll position, and whether the tree is as
     * the view opened it (then the next tree opens its own hot path).
     */
    private record Place(List<int[]> expanded, int[] selected, Point scroll, boolean asOpened, int[] focus) { }

    private final SnapshotViewContext context;
    private final SnapshotSource snapshot;
    private final ValueColumns columns;
    private final Outline tree;
    private final JScrollPane scroll;
    private final FindBar findBar;
    private final FocusBar focusBar;
    /** The row whose subtree alone is shown (Focus on Subtree), or null for the whole tree. */
    private CallTreeRow focus;
    /** The threads shown now and their tree (null until the window shows the first threads). */
    private SelectedThreads threads;
    private CallTreeModel model;
    /** The expansions of the current model, to know the rows still opening. */
    private RowExpansion expansion;
    /** A reader's place being taken up in the background, until it is shown; event thread. */
    private Place takingUp;
    /** The paths the view opened by itself (the hot path), as method ids: a reader who changed none keeps getting it. */
    private List<int[]> opened = List.of();
    /** The search or reader's place being read in the background, or null. */
    private volatile RequestProcessor.Task reading;

    CallTreeView(SnapshotViewContext context) {
        super(new BorderLayout());
        this.context = context;
        this.snapshot = context.snapshot();
        this.columns = ValueColumns.forTree(snapshot.metrics());
        tree = CallTreeOutline.create("callTree", snapshot.methods());
        findBar = new FindBar(this::findNext);
        focusBar = new FocusBar(snapshot.methods(), this::showWholeTree);
        JPanel bars = new JPanel(new BorderLayout());
        bars.add(findBar, BorderLayout.NORTH);
        bars.add(focusBar, BorderLayout.SOUTH);
        add(bars, BorderLayout.NORTH);
        scroll = new JScrollPane(tree);
        scroll.setBorder(BorderFactory.createEmptyBorder());
        add(scroll, BorderLayout.CENTER);
        FindBar.bindCtrlF(tree, this::openFind);
        tree.setComponentPopupMenu(menu());
        context.onShown(this::show);
        if (context.shown() != null) show(context.shown());
    }

    /** The threads' rows; the hot path's children were read with them, so it opens at once. */
    private void show(SelectedThreads shown) {
        cancelReading();
        threads = shown;
        setFocus(null);
        model = newModel(shown);
        openHotPath(shown);
        if (tree.getRowCount() > 0) tree.getSelectionModel().setSelectionInterval(0, 0);
    }

    /** Opens the hot path, whose rows were made with the threads' tree, and remembers it as the view's own. */
    private void openHotPath(SelectedThreads shown) {
        List<int[]> paths = new ArrayList<>();
        for (CallTreeRow row : shown.hotPath()) {
            tree.expandPath(model.pathTo(row));
            if (tree.isExpanded(model.pathTo(row))) paths.add(row.methodPath());  // a leaf does not open
        }
        opened = paths;
    }

    /** The model of the tree shown: the whole tree of the threads, or the subtree in focus. */
    private CallTreeModel newModel(SelectedThreads shown) {
        CallTreeModel m = new CallTreeModel(focus != null ? focus : shown.rows());
        tree.setModel(DefaultOutlineModel.createOutlineModel(m, new CallTreeColumns(columns, shown.whole()), true, "Method"));
        tree.setRootVisible(focus != null);  // a property of the model's layout: after the model is set
        expansion = RowExpansion.watch(tree);
        ColumnWidths.apply(tree);
        return m;
    }

    @Override public boolean openFind() {
        findBar.open();
        return true;
    }

    /**
     * Starts the search for the next call path, after the selected row, through a method whose name contains
     * {@code text}: it is shown when it is found ({@link #isReady} is false until then). False when no tree is shown.
     */
    public boolean findNext(String text) {
        if (threads == null) return false;
        findNext(text, found -> { });
        return true;
    }

    /** The next call path, after the selected row, through a method whose name contains {@code text}. */
    private void findNext(String text, Consumer<Boolean> done) {
        CallTreeRow from = selectedRow();
        showFirst(() -> MethodNames.matchingIds(snapshot.methods(), text), from == null ? null : from.methodPath(), done);
    }

    /** Find in Call Tree: the first call path through the method, in display order; shown once it is found. */
    @Override public boolean showMethod(int methodId) {
        showFirst(() -> id -> id == methodId, null, found -> { });
        return true;
    }

    /**
     * Searches the whole tree in the background (under a progress bar that can cancel it: a tree read in place may
     * have tens of millions of nodes), reads the rows down to the match, then expands, selects and shows it.
     */
    private void showFirst(Supplier<IntPredicate> matching, int[] after, Consumer<Boolean> done) {
        if (threads == null) {
            done.accept(false);
            return;
        }
        String what = "Searching the call tree of " + threads.choice().label();
        inBackground(what, shown -> {
            int[] path = shown.find(after, matching.get());
            CallTreeRow row = path == null ? null : shown.rows().at(path);
            return () -> {
                if (row != null) showRow(row);
                done.accept(row != null);
            };
        }, () -> done.accept(false));
    }

    /** Work on the threads shown, read in the background, whose result the event thread then shows. */
    private interface Reading {
        Runnable read(SelectedThreads shown) throws IOException;
    }

    /**
     * Runs a reading in the background, one at a time (a new one cancels the one running), under a progress bar whose
     * Cancel interrupts it; shows its result on the event thread if the same threads are still shown, else drops it.
     * {@code failed} runs on the event thread when the reading fails (not when it is cancelled).
     */
    private void inBackground(String what, Reading work, Runnable failed) {
        SelectedThreads shown = threads;
        cancelReading();
        ProgressHandle progress = ProgressHandle.createHandle(what, () -> {
            cancelReading();
            return true;
        });
        RequestProcessor.Task[] task = new RequestProcessor.Task[1];
        task[0] = SEARCH.create(() -> {
            progress.start();
            Runnable result = null;
            boolean fail = false;
            try {
                result = work.read(shown);
            } catch (InterruptedIOException e) {
                // cancelled: nothing to show
            } catch (IOException | RuntimeException | OutOfMemoryError e) {
                if (!Thread.currentThread().isInterrupted()) {
                    LOG.log(Level.WARNING, what + ": failed", e);
                    fail = true;
                }
            } finally {
                progress.finish();
            }
            Runnable show = result;
            boolean failure = fail;
            EventQueue.invokeLater(() -> {
                if (reading == task[0]) reading = null;
                if (threads != shown) return;
                if (show != null) show.run();
                else if (failure) failed.run();
            });
        });
        reading = task[0];
        task[0].schedule(0);
    }

    private void cancelReading() {
        RequestProcessor.Task t = reading;
        reading = null;
        takingUp = null;  // a place being taken up is given up with its reading
        if (t != null) t.cancel();
    }

    private CallTreeRow selectedRow() {
        int row = tree.getSelectedRow();
        return row < 0 ? null : (CallTreeRow) tree.getValueAt(row, 0);
    }

    /** Expands the row's path (its rows are made), selects it and scrolls to it. */
    private void showRow(CallTreeRow row) {
        if (!model.contains(row)) {  // found outside the subtree in focus: the whole tree again
            setFocus(null);
            model = newModel(threads);
        }
        if (row.parent() != null && row.parent() != model.getRoot()) tree.expandPath(model.pathTo(row.parent()));
        int index = tree.getLayoutCache().getRowForPath(model.pathTo(row));
        if (index < 0) return;
        tree.getSelectionModel().setSelectionInterval(index, index);
        tree.scrollRectToVisible(tree.getCellRect(index, 0, true));
    }

    private JPopupMenu menu() {
        JPopupMenu menu = new JPopupMenu();
        menu.setName("treeMenu");
        MethodMenu.addGoTo(menu, context, ViewIds.BACK_TRACES, "backTraces", "Back Traces", this::selectedMethod);
        MethodMenu.addGoTo(menu, context, ViewIds.HOT_SPOTS, "findInHotSpots", "Find in Hot Spots", this::selectedMethod);
        MethodMenu.addGoTo(menu, context, ViewIds.FLAME_GRAPH, "findInFlameGraph", "Find in Flame Graph", this::selectedMethod);
        MethodMenu.addCopy(menu, snapshot.methods(), this::selectedMethod);
        menu.addSeparator();
        menu.add(MethodMenu.item("focusSubtree", "Focus on Subtree", () -> focusOn(selectedRow())));
        javax.swing.JMenuItem whole = MethodMenu.item("wholeTree", "Whole Tree", this::showWholeTree);
        menu.add(whole);
        menu.add(MethodMenu.item("find", "Find\u2026", this::openFind));
        menu.addPopupMenuListener(new javax.swing.event.PopupMenuListener() {
            @Override public void popupMenuWillBecomeVisible(javax.swing.event.PopupMenuEvent e) {
                whole.setEnabled(focus != null);
            }
            @Override public void popupMenuWillBecomeInvisible(javax.swing.event.PopupMenuEvent e) {}
            @Override public void popupMenuCanceled(javax.swing.event.PopupMenuEvent e) {}
        });
        MethodMenu.selectRowOnRightClick(tree, menu);
        return menu;
    }

    /**
     * Shows the row's subtree alone, the row at the top, its hottest path open (read in the background for a tree
     * read in place). The root row, or no row, changes nothing.
     */
    private void focusOn(CallTreeRow row) {
        if (row == null || row.isRoot() || threads == null || row == focus) return;
        inBackground("Reading the call tree of " + threads.choice().label(), shown -> {
            List<CallTreeRow> open = shown.hotPathBelow(row);
            return () -> {
                setFocus(row);
                model = newModel(shown);
                for (CallTreeRow r : open) tree.expandPath(model.pathTo(r));
                opened = List.of();
                tree.getSelectionModel().setSelectionInterval(0, 0);
                scroll.getViewport().setViewPosition(new Point(0, 0));
            };
        }, () -> { });
    }

    /** The whole tree again, the row that was in focus selected and shown. */
    private void showWholeTree() {
        CallTreeRow was = focus;
        if (was == null || threads == null) return;
        setFocus(null);
        model = newModel(threads);
        showRow(was);
        tree.expandPath(model.pathTo(was));
    }

    private void setFocus(CallTreeRow row) {
        focus = row;
        focusBar.show(row);
    }

    /** The method of the selected row, or -1. */
    private int selectedMethod() {
        CallTreeRow row = selectedRow();
        return row == null || row.isRoot() ? -1 : row.methodId();
    }

    /** False while a search or a reader's place is read in the background. */
    @Override public boolean isReady() {
        return reading == null;
    }

    @Override public Object place() {
        if (takingUp != null) return takingUp;  // not shown yet: the place asked for is still the reader's
        if (model == null) return null;
        List<int[]> expanded = new ArrayList<>();
        for (int row = 0; row < tree.getRowCount(); row++) {
            CallTreeRow r = (CallTreeRow) tree.getValueAt(row, 0);
            if (tree.isExpanded(model.pathTo(r))) expanded.add(r.methodPath());
        }
        if (expansion != null) for (CallTreeRow r : expansion.opening()) expanded.add(r.methodPath());  // asked to open
        CallTreeRow sel = selectedRow();
        return new Place(expanded, sel == null ? null : sel.methodPath(), scroll.getViewport().getViewPosition(),
                focus == null && samePaths(expanded, opened), focus == null ? null : focus.methodPath());
    }

    private static boolean samePaths(List<int[]> a, List<int[]> b) {
        if (a.size() != b.size()) return false;
        java.util.Set<List<Integer>> left = new java.util.HashSet<>();
        for (int[] path : a) left.add(java.util.Arrays.stream(path).boxed().toList());
        for (int[] path : b) if (!left.contains(java.util.Arrays.stream(path).boxed().toList())) return false;
        return true;
    }

    /**
     * The place's paths in this tree, freshly collapsed (the hot path opened at first is not the reader's): their
     * rows are found in the background, which reads the file for a tree read in place, then opened. A reader who left
     * the tree as the view opened it gets this tree's hot path instead (live results: a root that had no callees yet
     * at the first refresh opens once they come).
     */
    @Override public void takeUp(Object p) {
        if (!(p instanceof Place) || threads == null) return;
        Place place = (Place) p;
        inBackground("Reading the call tree of " + threads.choice().label(), shown -> {
            List<CallTreeRow> open = new ArrayList<>();
            for (int[] path : place.asOpened() ? List.<int[]>of() : place.expanded()) {
                CallTreeRow r = shown.rows().at(path);
                if (r == null) continue;
                r.makeChildren();
                open.add(r);
            }
            CallTreeRow sel = place.selected() == null ? null : shown.rows().at(place.selected());
            CallTreeRow inFocus = place.focus() == null ? null : shown.rows().at(place.focus());
            if (inFocus != null) inFocus.makeChildren();
            return () -> {
                if (takingUp == place) takingUp = null;
                setFocus(inFocus);  // a subtree the new tree no longer has: the whole tree
                model = newModel(shown);
                if (place.asOpened()) {
                    openHotPath(shown);
                } else {
                    opened = List.of();
                    for (CallTreeRow r : open) {
                        javax.swing.tree.TreePath path = model.pathTo(r);
                        if (path != null) tree.expandPath(path);
                    }
                }
                if (sel != null && model.contains(sel)) {
                    int index = tree.getLayoutCache().getRowForPath(model.pathTo(sel));
                    // the row and the method column as the lead, as a click leaves them: the keys open and close
                    // rows from there (with another lead column, left and right would move between columns)
                    if (index >= 0) tree.changeSelection(index, 0, false, false);
                }
                Point at = place.scroll();
                EventQueue.invokeLater(() -> scroll.getViewport().setViewPosition(at));
            };
        }, () -> {
            if (takingUp == place) takingUp = null;
        });
        takingUp = place;  // after inBackground, which gives up any earlier reading and its place
    }

    /** The method a row shows, as its short signature ({@code Ticker.step(long)}); null past the rows. */
    public String methodAt(int row) {
        if (row < 0 || row >= tree.getRowCount()) return null;
        CallTreeRow r = (CallTreeRow) tree.getValueAt(row, 0);
        return MethodNames.shortSignature(snapshot.methods().get(r.methodId()));
    }
}
