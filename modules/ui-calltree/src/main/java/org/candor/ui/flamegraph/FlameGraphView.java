package org.candor.ui.flamegraph;

import java.awt.BorderLayout;
import java.awt.EventQueue;
import java.awt.FlowLayout;
import java.awt.Point;
import java.awt.Rectangle;
import java.awt.event.ActionEvent;
import java.awt.event.ComponentAdapter;
import java.awt.event.ComponentEvent;
import java.awt.event.KeyEvent;
import java.io.IOException;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.function.Predicate;
import javax.swing.AbstractAction;
import javax.swing.BorderFactory;
import javax.swing.JButton;
import javax.swing.JComponent;
import javax.swing.JLabel;
import javax.swing.JPanel;
import javax.swing.JPopupMenu;
import javax.swing.JScrollPane;
import javax.swing.JTextField;
import javax.swing.KeyStroke;
import javax.swing.event.DocumentEvent;
import javax.swing.event.DocumentListener;
import javax.swing.event.PopupMenuEvent;
import javax.swing.event.PopupMenuListener;
import org.candor.core.model.CallNode;
import org.candor.core.model.MethodInfo;
import org.candor.ui.calltree.MethodMenu;
import org.candor.ui.model.snapshot.DisplayUnits;
import org.candor.ui.model.snapshot.FlameGraph;
import org.candor.ui.model.snapshot.MethodNames;
import org.candor.ui.model.snapshot.SelectedThreads;
import org.candor.ui.model.snapshot.SnapshotSource;
import org.candor.ui.snapshot.spi.SnapshotView;
import org.candor.ui.snapshot.spi.SnapshotViewContext;
import org.candor.ui.snapshot.spi.ViewIds;
import org.netbeans.api.progress.ProgressHandle;
import org.openide.util.RequestProcessor;

/**
 * The flame graph of the threads shown (ui-model's {@link FlameGraph} drawn by a {@link FlameCanvas}): click a frame
 * to zoom into it, Zoom Out and Reset Zoom (or a click on a frame below) to go back; find marks the frames of the
 * methods that match and says how much of the graph they cover. Of a tree read in place only what can be drawn is
 * read, in the background, each time the zoom changes: the path to the zoomed frame and what is at least
 * {@link #MIN_SHARE} of its width ({@link SelectedThreads#flameTree}).
 */
final class FlameGraphView extends JPanel implements SnapshotView {

    private static final Logger LOG = Logger.getLogger(FlameGraphView.class.getName());

    /** Narrower frames are never drawn on a screen up to 4096 pixels wide: of a tree read in place, not read. */
    static final double MIN_SHARE = 1.0 / 4096;
    private static final RequestProcessor READS = new RequestProcessor("Candor flame graph reads", 1, true);

    /** Where a reader is: the zoomed call path as method ids, and what find looks for. */
    private record Place(int[] zoom, String find) { }

    private final SnapshotViewContext context;
    private final SnapshotSource snapshot;
    private final FlameCanvas canvas = new FlameCanvas(this::clicked);
    private final JScrollPane scroll = new JScrollPane(canvas);
    private final JLabel where = new JLabel();
    private final JButton zoomOut = new JButton("Zoom Out");
    private final JButton reset = new JButton("Reset Zoom");
    private final JTextField find = new JTextField(18);
    private final JLabel found = new JLabel(" ");
    /** The frame the context menu was opened on, or null. */
    private FlameGraph.Frame menuFrame;
    /** A method another view asked for: matched by id, not by name, until the find text is edited. */
    private int askedFor = -1;
    private boolean settingFind;
    /** The threads drawn, their tree as read for the zoom, the zoomed node in it (null: not read yet). */
    private SelectedThreads threads;
    private SelectedThreads.FlameTree tree;
    private CallNode zoom;
    private RequestProcessor.Task reading;
    /** A zoom path to read once the view shows, or null. */
    private int[] pending;
    private int laidOutWidth;

    FlameGraphView(SnapshotViewContext context) {
        super(new BorderLayout());
        this.context = context;
        this.snapshot = context.snapshot();
        add(toolbar(), BorderLayout.NORTH);
        scroll.setBorder(BorderFactory.createEmptyBorder());
        add(scroll, BorderLayout.CENTER);
        canvas.setComponentPopupMenu(menu());
        canvas.getInputMap(WHEN_FOCUSED).put(KeyStroke.getKeyStroke(KeyEvent.VK_ESCAPE, 0), "zoom-out");
        canvas.getActionMap().put("zoom-out", action(this::zoomOut));
        canvas.setFocusable(true);
        // the frames kept depend on the width: one pixel is the narrowest drawn
        scroll.getViewport().addComponentListener(new ComponentAdapter() {
            @Override public void componentResized(ComponentEvent e) {
                if (scroll.getViewport().getWidth() != laidOutWidth) layOut();
            }
        });
        addHierarchyListener(e -> {
            if ((e.getChangeFlags() & java.awt.event.HierarchyEvent.SHOWING_CHANGED) != 0) showing();
        });
        context.onShown(this::show);
        if (context.shown() != null) show(context.shown());
    }

    private JComponent toolbar() {
        where.setName("flameWhere");
        zoomOut.setName("flameZoomOut");
        reset.setName("flameResetZoom");
        find.setName("flameFind");
        found.setName("flameFound");
        zoomOut.addActionListener(e -> zoomOut());
        reset.addActionListener(e -> zoomTo(new int[0]));
        find.getDocument().addDocumentListener(new DocumentListener() {
            @Override public void insertUpdate(DocumentEvent e) { edited(); }
            @Override public void removeUpdate(DocumentEvent e) { edited(); }
            @Override public void changedUpdate(DocumentEvent e) { edited(); }
        });
        find.getInputMap().put(KeyStroke.getKeyStroke(KeyEvent.VK_ESCAPE, 0), "clear");
        find.getActionMap().put("clear", action(() -> find.setText("")));
        JPanel left = new JPanel(new FlowLayout(FlowLayout.LEADING, 6, 2));
        left.add(zoomOut);
        left.add(reset);
        left.add(where);
        JPanel right = new JPanel(new FlowLayout(FlowLayout.TRAILING, 6, 2));
        JLabel findLabel = new JLabel("Find method:");
        findLabel.setLabelFor(find);
        right.add(findLabel);
        right.add(find);
        right.add(found);
        JPanel bar = new JPanel(new BorderLayout());
        bar.setBorder(BorderFactory.createEmptyBorder(2, 4, 2, 4));
        bar.add(left, BorderLayout.CENTER);
        bar.add(right, BorderLayout.EAST);
        return bar;
    }

    private static AbstractAction action(Runnable r) {
        return new AbstractAction() {
            @Override public void actionPerformed(ActionEvent e) { r.run(); }
        };
    }

    /**
     * Another thread choice: the same zoomed path where its tree has it, else the whole. Read when the view shows
     * (a tab in front), not before: of a large tree read in place that is a walk over its wide part.
     */
    private void show(SelectedThreads shown) {
        int[] path = pending != null ? pending : zoomPath();
        threads = shown;
        tree = null;
        zoom = null;
        if (reading != null) reading.cancel();
        reading = null;
        if (isShowing()) {
            pending = null;
            zoomTo(path);
        } else {
            pending = path;
        }
    }

    /** The view came to the front: it reads what it waited for. */
    private void showing() {
        if (!isShowing() || pending == null || threads == null) return;
        int[] path = pending;
        pending = null;
        zoomTo(path);
    }

    private int[] zoomPath() {
        return canvas.graph() == null ? new int[0] : canvas.graph().zoomPath();
    }

    private void clicked(FlameGraph.Frame f) {
        canvas.requestFocusInWindow();  // Escape zooms out
        zoomTo(f.node());
    }

    private void zoomOut() {
        if (zoom != null && zoom.parent() != null) zoomTo(zoom.parent());
    }

    /** Zooms into a node of the tree shown (its root: the whole). */
    private void zoomTo(CallNode node) {
        zoomTo(FlameGraph.pathOf(node));
    }

    /**
     * Zooms into the node at a path of method ids (the whole where the tree has no such path): at once where the
     * tree is in memory, else once the part of it to draw is read, in the background.
     */
    private void zoomTo(int[] path) {
        SelectedThreads shown = threads;
        if (shown == null) return;
        if (tree != null && !shown.readsFile()) {
            showZoom(tree, path);
            return;
        }
        if (reading != null) reading.cancel();
        where.setText("Reading the frames to draw\u2026");
        RequestProcessor.Task[] task = new RequestProcessor.Task[1];
        task[0] = READS.create(() -> {
            ProgressHandle progress = ProgressHandle.createHandle("Reading the flame graph of " + shown.choice().label());
            progress.start();
            try {
                SelectedThreads.FlameTree read = shown.flameTree(path, MIN_SHARE);
                EventQueue.invokeLater(() -> {
                    if (reading == task[0]) reading = null;
                    if (threads == shown) showZoom(read, path);
                });
            } catch (IOException | RuntimeException | OutOfMemoryError e) {
                boolean cancelled = e instanceof java.io.InterruptedIOException;
                if (!cancelled) LOG.log(Level.WARNING, "Cannot read the flame graph", e);
                EventQueue.invokeLater(() -> {
                    if (reading == task[0]) reading = null;
                    if (!cancelled && threads == shown) where.setText("Cannot read the frames to draw: " + e.getMessage());
                });
            } finally {
                progress.finish();
            }
        });
        reading = task[0];
        task[0].schedule(0);
    }

    private void showZoom(SelectedThreads.FlameTree read, int[] path) {
        tree = read;
        CallNode node = FlameGraph.nodeAt(read.root(), path);
        zoom = node == null ? read.root() : node;
        layOut();
        scrollToRoot();
    }

    private void layOut() {
        if (tree == null) return;
        laidOutWidth = scroll.getViewport().getWidth();
        FlameGraph graph = FlameGraph.of(snapshot, threads, tree.root(), zoom, 1.0 / Math.max(laidOutWidth, 200));
        canvas.show(graph, matches(graph));
        zoomOut.setEnabled(graph.isZoomed());
        reset.setEnabled(graph.isZoomed());
        String at = graph.isZoomed() ? "Zoomed into " + graph.name(graph.zoomFrame()) : "Click a frame to zoom into it";
        where.setText(tree.cut() ? at + " (the widest " + DisplayUnits.count(SelectedThreads.MAX_FLAME_NODES)
                + " frames read)" : at);
        showFound(canvas.graph());
    }

    /** The root's row is at the bottom: show it when the graph is taller than the window. */
    private void scrollToRoot() {
        EventQueue.invokeLater(() -> canvas.scrollRectToVisible(new Rectangle(0, canvas.getHeight() - 1, 1, 1)));
    }

    private Predicate<MethodInfo> finding() {
        if (askedFor >= 0) return m -> m.id() == askedFor;
        String text = find.getText().trim();
        return text.isEmpty() ? null : MethodNames.matching(text);
    }

    private FlameGraph.Matches matches(FlameGraph graph) {
        Predicate<MethodInfo> p = finding();
        return p == null ? null : graph.find(p);
    }

    private void edited() {
        if (!settingFind) askedFor = -1;
        FlameGraph graph = canvas.graph();
        if (graph == null) return;
        canvas.show(graph, matches(graph));
        showFound(graph);
    }

    private void showFound(FlameGraph graph) {
        FlameGraph.Matches m = graph == null ? null : matches(graph);
        found.setText(m == null ? " " : m.summary());
    }

    @Override public boolean openFind() {
        find.selectAll();
        find.requestFocusInWindow();
        return true;
    }

    /** Find in Flame Graph: marks every frame of the method. */
    @Override public boolean showMethod(int methodId) {
        settingFind = true;
        try {
            askedFor = methodId;
            find.setText(MethodNames.qualified(snapshot.methods().get(methodId)));
        } finally {
            settingFind = false;
        }
        edited();
        return true;
    }

    /** Ready once what it shows is read, or while it waits to be shown to read it. */
    @Override public boolean isReady() {
        return reading == null && (canvas.graph() != null || pending != null);
    }

    @Override public Object place() {
        if (pending != null) return new Place(pending, find.getText());
        return canvas.graph() == null ? null : new Place(zoomPath(), find.getText());
    }

    @Override public void takeUp(Object p) {
        if (!(p instanceof Place) || threads == null) return;
        Place place = (Place) p;
        find.setText(place.find());
        if (pending != null) pending = place.zoom();
        else zoomTo(place.zoom());
    }

    private JPopupMenu menu() {
        JPopupMenu menu = new JPopupMenu();
        menu.setName("flameMenu");
        menu.add(MethodMenu.item("zoomIn", "Zoom In", () -> {
            if (menuFrame != null) clicked(menuFrame);
        }));
        MethodMenu.addGoTo(menu, context, ViewIds.CALL_TREE, "findInCallTree", "Find in Call Tree", this::menuMethod);
        MethodMenu.addGoTo(menu, context, ViewIds.HOT_SPOTS, "findInHotSpots", "Find in Hot Spots", this::menuMethod);
        MethodMenu.addGoTo(menu, context, ViewIds.BACK_TRACES, "backTraces", "Back Traces", this::menuMethod);
        MethodMenu.addCopy(menu, snapshot.methods(), this::menuMethod);
        menu.addPopupMenuListener(new PopupMenuListener() {
            @Override public void popupMenuWillBecomeVisible(PopupMenuEvent e) {
                Point at = canvas.getMousePosition();
                int i = at == null ? -1 : canvas.frameAt(at);
                menuFrame = i < 0 ? null : canvas.graph().frames().get(i);
            }
            @Override public void popupMenuWillBecomeInvisible(PopupMenuEvent e) {}
            @Override public void popupMenuCanceled(PopupMenuEvent e) {}
        });
        return menu;
    }

    private int menuMethod() {
        return menuFrame == null || menuFrame.node().isRoot() ? -1 : menuFrame.node().methodId();
    }
}
