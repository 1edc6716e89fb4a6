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
import org.candor.core.model.Snapshot;
import org.candor.ui.calltree.MethodMenu;
import org.candor.ui.model.snapshot.FlameGraph;
import org.candor.ui.model.snapshot.MethodNames;
import org.candor.ui.model.snapshot.SelectedThreads;
import org.candor.ui.snapshot.spi.SnapshotView;
import org.candor.ui.snapshot.spi.SnapshotViewContext;
import org.candor.ui.snapshot.spi.ViewIds;

/**
 * The flame graph of the threads shown (ui-model's {@link FlameGraph} drawn by a {@link FlameCanvas}): click a frame
 * to zoom into it, Zoom Out and Reset Zoom (or a click on a frame below) to go back; find marks the frames of the
 * methods that match and says how much of the graph they cover.
 */
final class FlameGraphView extends JPanel implements SnapshotView {

    /** Where a reader is: the zoomed call path as method ids, and what find looks for. */
    private record Place(int[] zoom, String find) { }

    private final SnapshotViewContext context;
    private final Snapshot snapshot;
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
    private CallNode zoom;
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
        reset.addActionListener(e -> zoomTo(null));
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

    /** Another thread choice: the same zoomed path where its tree has it, else the whole. */
    private void show(SelectedThreads threads) {
        CallNode same = zoom == null ? null : FlameGraph.nodeAt(threads.tree(), zoomPath());
        zoom = same == null || same.isRoot() ? null : same;
        layOut();
        scrollToRoot();
    }

    private int[] zoomPath() {
        return canvas.graph() == null ? new int[0] : canvas.graph().zoomPath();
    }

    private void clicked(FlameGraph.Frame f) {
        canvas.requestFocusInWindow();  // Escape zooms out
        zoomTo(f.node().isRoot() ? null : f.node());
    }

    private void zoomOut() {
        if (zoom != null && zoom.parent() != null) zoomTo(zoom.parent().isRoot() ? null : zoom.parent());
    }

    /** Zooms into a node of the tree shown, or out to the whole (null). */
    private void zoomTo(CallNode node) {
        zoom = node;
        layOut();
        scrollToRoot();
    }

    private void layOut() {
        SelectedThreads threads = context.shown();
        if (threads == null) return;
        laidOutWidth = scroll.getViewport().getWidth();
        CallNode top = zoom == null ? threads.tree() : zoom;
        FlameGraph graph = FlameGraph.of(snapshot, threads, top, 1.0 / Math.max(laidOutWidth, 200));
        canvas.show(graph, matches(graph));
        zoomOut.setEnabled(graph.isZoomed());
        reset.setEnabled(graph.isZoomed());
        where.setText(graph.isZoomed() ? "Zoomed into " + graph.name(graph.zoomFrame()) : "Click a frame to zoom into it");
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

    @Override public boolean isReady() {
        return canvas.graph() != null;
    }

    @Override public Object place() {
        return canvas.graph() == null ? null : new Place(zoomPath(), find.getText());
    }

    @Override public void takeUp(Object p) {
        if (!(p instanceof Place) || context.shown() == null) return;
        Place place = (Place) p;
        find.setText(place.find());
        CallNode node = FlameGraph.nodeAt(context.shown().tree(), place.zoom());
        zoomTo(node == null || node.isRoot() ? null : node);
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
        MethodMenu.addCopy(menu, snapshot, this::menuMethod);
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
