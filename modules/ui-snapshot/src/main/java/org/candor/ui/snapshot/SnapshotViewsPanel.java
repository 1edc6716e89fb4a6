package org.candor.ui.snapshot;

import java.awt.BorderLayout;
import java.awt.Component;
import java.awt.Container;
import java.awt.EventQueue;
import java.awt.KeyboardFocusManager;
import java.awt.Toolkit;
import java.awt.event.ActionEvent;
import java.awt.event.KeyEvent;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.swing.AbstractAction;
import javax.swing.Action;
import javax.swing.JComboBox;
import javax.swing.JComponent;
import javax.swing.JLabel;
import javax.swing.JPanel;
import javax.swing.JTabbedPane;
import javax.swing.JTable;
import javax.swing.JTree;
import javax.swing.KeyStroke;
import javax.swing.SwingUtilities;
import org.candor.core.analysis.CalibratedValues;
import org.candor.core.model.Snapshot;
import org.candor.ui.model.snapshot.SelectedThreads;
import org.candor.ui.model.snapshot.SnapshotSource;
import org.candor.ui.model.snapshot.SnapshotSummary;
import org.candor.ui.model.snapshot.ThreadChoice;
import org.candor.ui.snapshot.spi.SnapshotView;
import org.candor.ui.snapshot.spi.SnapshotViewContext;
import org.candor.ui.snapshot.spi.SnapshotViewProvider;
import org.netbeans.api.progress.ProgressHandle;
import org.openide.util.Lookup;
import org.openide.util.NbBundle.Messages;
import org.openide.util.RequestProcessor;

/**
 * One snapshot's views under its header: what was profiled, the statistics, the thread selector, and a tab for each
 * {@link SnapshotViewProvider} found by lookup that supports the snapshot, in position order. The header and the
 * thread selector show at once; the tree of a thread choice (all threads merged, or one; read in place from the file
 * when the snapshot is) is made in the background once, under a progress bar, and kept; the views are told when it is
 * shown. The warnings that mark the statistics are found in the background too.
 */
public final class SnapshotViewsPanel extends JPanel {

    private static final Logger LOG = Logger.getLogger(SnapshotViewsPanel.class.getName());
    private static final RequestProcessor COMPUTE = new RequestProcessor("Candor thread trees", 1);

    /** A tab: the provider's id and the view it made. */
    private record Tab(String id, JComponent view) { }

    private final SnapshotSource snapshot;
    private final SnapshotHeader header;
    private final JComboBox<ThreadChoice> threadSelector = new JComboBox<>();
    private final JLabel status = new JLabel();
    private final JTabbedPane tabs = new JTabbedPane();
    private final List<Tab> views = new ArrayList<>();
    /** The ids of the views this snapshot has. */
    private final java.util.Set<String> viewIds = new java.util.HashSet<>();
    private final List<Consumer<SelectedThreads>> listeners = new ArrayList<>();
    private final Map<ThreadChoice, SelectedThreads> made = new HashMap<>();
    private SelectedThreads shown;
    /** A reader's place to take up once the thread choice it names is shown (a live refresh), or null. */
    private ViewState pending;

    /** @param snapshot in memory, as shown: calibrated or raw ({@link CalibratedValues#select}) */
    public SnapshotViewsPanel(Snapshot snapshot) {
        this(SnapshotSource.of(snapshot));
    }

    /** @param snapshot as shown: calibrated or raw ({@link SnapshotSource#withRawTimes}) */
    public SnapshotViewsPanel(SnapshotSource snapshot) {
        super(new BorderLayout());
        this.snapshot = snapshot;
        tabs.setName("views");
        SnapshotSummary summary = new SnapshotSummary(snapshot);
        header = new SnapshotHeader(summary, threadSelector, status);
        add(header, BorderLayout.NORTH);
        add(tabs, BorderLayout.CENTER);
        addViews(new Context());
        snapshot.threadChoices().forEach(threadSelector::addItem);
        threadSelector.addActionListener(e -> showSelected());
        showSelected();
        markLosses(summary);
        // Ctrl+F wherever the focus is in the views (a view's table may bind it to its own find first)
        KeyStroke ctrlF = KeyStroke.getKeyStroke(KeyEvent.VK_F, Toolkit.getDefaultToolkit().getMenuShortcutKeyMaskEx());
        getInputMap(WHEN_ANCESTOR_OF_FOCUSED_COMPONENT).put(ctrlF, "candor-find");
        getActionMap().put("candor-find", findAction());
    }

    /** The views found by lookup, in position order (by id where positions tie). */
    static List<SnapshotViewProvider> providers() {
        List<SnapshotViewProvider> all = new ArrayList<>(Lookup.getDefault().lookupAll(SnapshotViewProvider.class));
        all.sort(Comparator.comparingInt(SnapshotViewProvider::position).thenComparing(SnapshotViewProvider::id));
        return all;
    }

    /** Which views the snapshot has is known before any is made: a view's menu may lead to one made after it. */
    private void addViews(Context context) {
        List<SnapshotViewProvider> supported = new ArrayList<>();
        for (SnapshotViewProvider p : providers()) {
            try {
                if (p.supports(context)) supported.add(p);
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "The view " + p.id() + " cannot tell whether it shows this snapshot", e);
            }
        }
        supported.forEach(p -> viewIds.add(p.id()));
        for (SnapshotViewProvider p : supported) {
            try {
                JComponent view = p.create(context);
                views.add(new Tab(p.id(), view));
                tabs.addTab(p.displayName(), view);
            } catch (RuntimeException e) {
                // one view that fails leaves the others and the window working
                viewIds.remove(p.id());
                LOG.log(Level.WARNING, "The view " + p.id() + " cannot show this snapshot", e);
            }
        }
    }

    /** Opens the find of the view in front, else of the first view that has one: Ctrl+F and Edit &gt; Find. */
    public Action findAction() {
        return new AbstractAction() {
            @Override public void actionPerformed(ActionEvent e) { openFind(); }
        };
    }

    private void openFind() {
        java.awt.Component front = tabs.getSelectedComponent();
        if (front instanceof SnapshotView && ((SnapshotView) front).openFind()) return;
        for (Tab t : views) {
            if (!(t.view() instanceof SnapshotView)) continue;
            tabs.setSelectedComponent(t.view());  // in front first: its find takes the focus
            if (((SnapshotView) t.view()).openFind()) return;
        }
        if (front != null) tabs.setSelectedComponent(front);  // no view has a find: stay where the reader was
    }

    /** The view of this id, or null when the window has none. */
    public JComponent view(String id) {
        for (Tab t : views) if (t.id().equals(id)) return t.view();
        return null;
    }

    private ThreadChoice selected() {
        return (ThreadChoice) threadSelector.getSelectedItem();
    }

    /** The warnings may read every thread's flat profile: found in the background, then marked. */
    private void markLosses(SnapshotSummary summary) {
        COMPUTE.post(() -> {
            try {
                summary.warnings();
                EventQueue.invokeLater(() -> header.showWarnings(summary));
            } catch (IOException | RuntimeException e) {
                LOG.log(Level.WARNING, "Cannot tell what the statistics of this snapshot say", e);
            }
        });
    }

    @Messages({"# {0} - the threads", "MSG_ReadingTree=Reading the call tree of {0}",
            "# {0} - the threads", "# {1} - the reason", "MSG_CannotShow=Cannot show {0}: {1}"})
    private void showSelected() {
        ThreadChoice choice = selected();
        if (choice == null || shown != null && choice == shown.choice()) return;
        SelectedThreads ready = made.get(choice);
        if (ready != null) {
            show(ready);
            return;
        }
        status.setText("Computing\u2026");
        COMPUTE.post(() -> {
            ProgressHandle progress = ProgressHandle.createHandle(Bundle.MSG_ReadingTree(choice.label()));
            progress.start();
            try {
                SelectedThreads threads = snapshot.select(choice);
                EventQueue.invokeLater(() -> {
                    made.put(choice, threads);
                    if (selected() == choice) show(threads);
                });
            } catch (IOException | RuntimeException | OutOfMemoryError e) {
                LOG.log(Level.WARNING, "Cannot make the tree of " + choice.label(), e);
                String reason = e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
                EventQueue.invokeLater(() -> status.setText(Bundle.MSG_CannotShow(choice.label(), reason)));
            } finally {
                progress.finish();
            }
        });
    }

    private void show(SelectedThreads threads) {
        shown = threads;
        status.setText("");
        for (Consumer<SelectedThreads> l : listeners) l.accept(threads);
        takeUpPending();
    }

    private void takeUpPending() {
        if (pending == null || shown == null || !pending.thread().sameAs(shown.choice())) return;
        ViewState place = pending;
        pending = null;
        for (Tab t : views) {
            Object p = place.places().get(t.id());
            if (p != null && t.view() instanceof SnapshotView) ((SnapshotView) t.view()).takeUp(p);
        }
        if (place.focused()) focusFront();
    }

    /** The keyboard back in the view in front: in its table or tree (the views' rows), where it has one. */
    private void focusFront() {
        Component front = tabs.getSelectedComponent();
        Component rows = front == null ? null : rowsIn(front);
        if (rows != null) rows.requestFocusInWindow();
    }

    private static Component rowsIn(Component c) {
        if ((c instanceof JTable || c instanceof JTree) && c.isFocusable() && c.isShowing()) return c;
        if (!(c instanceof Container)) return null;
        for (Component child : ((Container) c).getComponents()) {
            Component found = rowsIn(child);
            if (found != null) return found;
        }
        return null;
    }

    /** True when the views show the selected thread choice (false while its tree is made). */
    public boolean isUpToDate() {
        return shown != null && shown.choice() == selected();
    }

    /** True once the views show the selected threads, a place to take up is taken up and every view is ready. */
    public boolean isReady() {
        if (!isUpToDate() || pending != null) return false;
        for (Tab t : views) if (t.view() instanceof SnapshotView && !((SnapshotView) t.view()).isReady()) return false;
        return true;
    }

    /** Where the reader is now: to take up in the next snapshot of the same session ({@link #restore}). */
    public ViewState viewState() {
        Map<String, Object> places = new LinkedHashMap<>();
        for (Tab t : views) {
            Object p = t.view() instanceof SnapshotView ? ((SnapshotView) t.view()).place() : null;
            if (p != null) places.put(t.id(), p);
        }
        Component frontView = tabs.getSelectedComponent();
        String front = null;
        for (Tab t : views) if (t.view() == frontView) front = t.id();
        Component owner = KeyboardFocusManager.getCurrentKeyboardFocusManager().getFocusOwner();
        boolean focused = owner != null && frontView != null && SwingUtilities.isDescendingFrom(owner, frontView);
        return new ViewState(selected(), front, places, focused);
    }

    /** Takes up a reader's place from a panel over an earlier snapshot of the same session. Event thread. */
    public void restore(ViewState state) {
        JComponent front = state.view() == null ? null : view(state.view());
        if (front != null) tabs.setSelectedComponent(front);
        for (int i = 0; i < threadSelector.getItemCount(); i++) {
            ThreadChoice c = threadSelector.getItemAt(i);
            if (!c.sameAs(state.thread())) continue;
            pending = state;
            if (shown != null && c == shown.choice()) {
                takeUpPending();
            } else if (threadSelector.getSelectedIndex() != i) {
                threadSelector.setSelectedIndex(i);  // its tree is made, then shown with the place taken up
            }
            return;
        }
    }

    /** What the views are given. */
    private final class Context implements SnapshotViewContext {
        @Override public SnapshotSource snapshot() { return snapshot; }
        @Override public boolean rawTimes() { return "raw".equals(snapshot.info().get(CalibratedValues.VALUES)); }
        @Override public SelectedThreads shown() { return shown; }
        @Override public void onShown(Consumer<SelectedThreads> listener) { listeners.add(listener); }
        @Override public boolean hasView(String viewId) { return viewIds.contains(viewId); }

        @Override public void showMethod(String viewId, int methodId) {
            JComponent v = view(viewId);
            if (v == null) return;
            tabs.setSelectedComponent(v);
            if (v instanceof SnapshotView) ((SnapshotView) v).showMethod(methodId);
        }
    }
}
