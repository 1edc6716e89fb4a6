package org.candor.ui.timeline;

import java.awt.BorderLayout;
import java.awt.EventQueue;
import java.awt.event.ActionEvent;
import java.awt.event.KeyEvent;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.swing.AbstractAction;
import javax.swing.BorderFactory;
import javax.swing.JButton;
import javax.swing.JComboBox;
import javax.swing.JComponent;
import javax.swing.JLabel;
import javax.swing.JPanel;
import javax.swing.JScrollPane;
import javax.swing.JTextField;
import javax.swing.JToolBar;
import javax.swing.KeyStroke;
import javax.swing.SwingConstants;
import javax.swing.event.DocumentEvent;
import javax.swing.event.DocumentListener;
import org.candor.core.report.HumanUnits;
import org.candor.core.trace.TraceCut;
import org.candor.core.trace.TraceDirectory;
import org.candor.core.trace.TraceRange;
import org.candor.core.trace.TraceSource;
import org.candor.ui.model.timeline.LaneOrder;
import org.candor.ui.model.timeline.ThreadLane;
import org.candor.ui.model.timeline.Timeline;
import org.candor.ui.model.timeline.TimelineState;
import org.candor.ui.model.timeline.TimelineText;
import org.candor.ui.snapshot.Colours;
import org.candor.ui.snapshot.SnapshotOpener;
import org.openide.util.RequestProcessor;

/**
 * The Threads timeline of a traced run: the trace read in the background into lanes ({@link TimelineCanvas}), a
 * toolbar to fit, zoom and type a span, and <b>Call tree of selection</b>, which cuts the samples of the selected
 * span (and threads) into a snapshot of their own ({@link TraceCut}) and opens it in a window beside this one.
 */
final class TimelineView extends JPanel {

    private static final Logger LOG = Logger.getLogger(TimelineView.class.getName());
    private static final RequestProcessor WORK = new RequestProcessor("Candor timeline", 1);

    private final Path trace;
    private final JLabel status = new JLabel(" ");
    private final JTextField span = new JTextField(18);
    private final JButton cut = new JButton("Call tree of selection");
    private final JTextField filter = new JTextField(10);
    private final JComboBox<LaneOrder> order = new JComboBox<>(LaneOrder.values());
    private TimelineCanvas canvas;
    private TraceSource source;
    private boolean restoring;

    TimelineView(Path trace) {
        super(new BorderLayout());
        this.trace = trace;
        setName("timeline");
        status.setBorder(BorderFactory.createEmptyBorder(2, 6, 2, 6));
        add(new JLabel("Reading the trace " + trace + " …", SwingConstants.CENTER), BorderLayout.CENTER);
        add(status, BorderLayout.SOUTH);
        WORK.post(this::load);
    }

    private void load() {
        try {
            TraceSource opened = TraceDirectory.open(trace);
            Timeline timeline = Timeline.load(opened);
            EventQueue.invokeLater(() -> shown(opened, timeline));
        } catch (IOException | RuntimeException e) {
            if (!(e instanceof IOException)) LOG.log(Level.WARNING, "Cannot read the trace " + trace, e);
            String message = "Cannot read the trace " + trace + ": " + e.getMessage();
            EventQueue.invokeLater(() -> {
                removeAll();
                JLabel problem = new JLabel(message, SwingConstants.CENTER);
                problem.setForeground(Colours.error());
                add(problem, BorderLayout.CENTER);
                revalidate();
            });
        }
    }

    private void shown(TraceSource opened, Timeline timeline) {
        source = opened;
        removeAll();
        canvas = new TimelineCanvas(timeline, this::selectionChanged);
        canvas.setName("timeline.lanes");
        JToolBar bar = new JToolBar();
        bar.setFloatable(false);
        bar.add(button("Fit", "timeline.fit", canvas::fit));
        bar.add(button("Zoom in", "timeline.zoomIn", () -> canvas.zoom(2)));
        bar.add(button("Zoom out", "timeline.zoomOut", () -> canvas.zoom(0.5)));
        bar.addSeparator();
        bar.add(new JLabel("Span: "));
        span.setName("timeline.span");
        span.setToolTipText("Type a span after the trace's start, e.g. 1.2s-1.5s, and press Enter to select and show it");
        span.setMaximumSize(span.getPreferredSize());
        span.addActionListener(e -> typedSpan());
        bar.add(span);
        bar.addSeparator();
        bar.add(new JLabel("Threads: "));
        filter.setName("timeline.filter");
        filter.setToolTipText("Show only the threads whose name holds this text (or this tid); the call tree of the"
                + " selection then takes only them");
        filter.setMaximumSize(filter.getPreferredSize());
        filter.getDocument().addDocumentListener(new DocumentListener() {
            @Override public void insertUpdate(DocumentEvent e) { reorder(); }
            @Override public void removeUpdate(DocumentEvent e) { reorder(); }
            @Override public void changedUpdate(DocumentEvent e) { reorder(); }
        });
        bar.add(filter);
        bar.add(new JLabel(" by "));
        order.setName("timeline.order");
        order.setToolTipText("The lanes' order: when each thread first ran, its name, or what it did most");
        order.setMaximumSize(order.getPreferredSize());
        order.addActionListener(e -> reorder());
        bar.add(order);
        bar.addSeparator();
        cut.setName("timeline.cut");
        cut.setToolTipText("The call tree of the samples in the selected span (of the selected threads), in a window of its own");
        cut.addActionListener(e -> cutSelection());
        bar.add(cut);
        add(bar, BorderLayout.NORTH);
        JScrollPane scroll = new JScrollPane(canvas);
        scroll.setBorder(BorderFactory.createEmptyBorder());
        add(scroll, BorderLayout.CENTER);
        add(status, BorderLayout.SOUTH);
        keys();
        if (timeline.truncated() > 0) {
            status.setText(String.format(Locale.ROOT, "Showing the first %,d periods; %,d more are in the trace",
                    Timeline.MAX_PERIODS, timeline.truncated()));
        }
        restore(TimelineState.of(trace));
        selectionChanged();
        revalidate();
        repaint();
    }

    /** As the user left this trace's timeline (a live window's refresh builds the view anew from the grown trace). */
    private void restore(TimelineState state) {
        if (state == null) return;
        restoring = true;
        try {
            filter.setText(state.filter);
            order.setSelectedItem(state.order);
            reorder();
            canvas.selectThreads(state.threads);
            if (!state.whole) canvas.show(state.from, state.to);
            if (state.selectionFrom < state.selectionTo) canvas.select(state.selectionFrom, state.selectionTo);
        } finally {
            restoring = false;
        }
    }

    private void keepState() {
        if (canvas == null || restoring) return;
        Timeline t = canvas.timeline();
        long from = canvas.viewport().from();
        long to = canvas.viewport().to();
        long[] sel = canvas.selection();
        TimelineState.keep(trace, new TimelineState(from <= t.start() && to >= t.end(), from, to, sel == null ? 0 : sel[0],
                sel == null ? 0 : sel[1], canvas.selectedTids(), filter.getText(), (LaneOrder) order.getSelectedItem()));
    }

    private void reorder() {
        if (canvas == null) return;
        canvas.showLanes(((LaneOrder) order.getSelectedItem()).apply(canvas.timeline().lanes(), filter.getText()));
    }

    /** The threads the cut takes: those selected, else those a filter shows, else (empty) all. */
    private Set<Integer> threadsToCut() {
        Set<Integer> selected = canvas.selectedTids();
        if (!selected.isEmpty() || filter.getText().trim().isEmpty()) return selected;
        Set<Integer> shown = new HashSet<>();
        for (ThreadLane l : canvas.shownLanes()) if (l.tid() != 0) shown.add(l.tid());
        return shown;
    }

    private JButton button(String text, String name, Runnable action) {
        JButton b = new JButton(text);
        b.setName(name);
        b.addActionListener(e -> {
            action.run();
            selectionChanged();
        });
        return b;
    }

    private void keys() {
        bind("PLUS", "zoomIn", () -> canvas.zoom(2));
        bind("EQUALS", "zoomIn2", () -> canvas.zoom(2));
        bind("MINUS", "zoomOut", () -> canvas.zoom(0.5));
        bind("LEFT", "panLeft", () -> canvas.pan(-canvas.lanesWidth() / 8.0));
        bind("RIGHT", "panRight", () -> canvas.pan(canvas.lanesWidth() / 8.0));
        bind("0", "fit", canvas::fit);
        bind("ESCAPE", "clear", canvas::clearSelection);
    }

    private void bind(String key, String name, Runnable action) {
        canvas.getInputMap(JComponent.WHEN_FOCUSED).put(KeyStroke.getKeyStroke(key), name);
        canvas.getActionMap().put(name, new AbstractAction() {
            @Override public void actionPerformed(ActionEvent e) {
                action.run();
                selectionChanged();
            }
        });
    }

    private void typedSpan() {
        try {
            long[] range = TimelineText.parseRange(canvas.timeline(), span.getText());
            canvas.select(range[0], range[1]);
            long margin = (range[1] - range[0]) / 10;
            canvas.show(range[0] - margin, range[1] + margin);
        } catch (IllegalArgumentException e) {
            status.setText(e.getMessage());
            status.setForeground(Colours.error());
        }
    }

    private void selectionChanged() {
        if (canvas == null) return;
        keepState();
        status.setForeground(javax.swing.UIManager.getColor("Label.foreground"));
        Timeline t = canvas.timeline();
        long[] sel = canvas.selection();
        StringBuilder s = new StringBuilder("Showing ").append(TimelineText.offset(t, canvas.viewport().from())).append(" .. ")
                .append(TimelineText.offset(t, canvas.viewport().to()));
        if (sel != null) {
            s.append("; selected ").append(TimelineText.offset(t, sel[0])).append(" .. ").append(TimelineText.offset(t, sel[1]))
                    .append(" (").append(HumanUnits.nanos(sel[1] - sel[0])).append(')');
        }
        int threads = canvas.selectedTids().size();
        boolean filtered = !filter.getText().trim().isEmpty();
        if (threads > 0) s.append("; ").append(threads).append(" thread").append(threads == 1 ? "" : "s").append(" selected");
        else if (filtered) s.append(canvas.shownLanes().size() == 1 ? "; the thread shown" : "; the " + canvas.shownLanes().size() + " threads shown");
        else s.append("; all threads");
        s.append(". Drag to select a span; the wheel zooms, Shift+wheel pans.");
        status.setText(s.toString());
        cut.setEnabled((sel != null || threads > 0 || filtered) && !(filtered && canvas.shownLanes().isEmpty()));
    }

    private void cutSelection() {
        long[] sel = canvas.selection();
        TraceRange range = new TraceRange(sel != null ? sel[0] : Long.MIN_VALUE, sel != null ? sel[1] : Long.MAX_VALUE,
                threadsToCut(), null);
        Timeline t = canvas.timeline();
        String name = trace.getFileName() + (sel != null ? "-" + label(t, sel[0]) + "-" + label(t, sel[1]) : "-threads");
        cut.setEnabled(false);
        status.setText("Cutting the call tree of the selection …");
        WORK.post(() -> {
            try {
                Path dir = Files.createDirectories(Path.of(System.getProperty("java.io.tmpdir"), "candor-cuts"));
                Path out = dir.resolve(name.replaceAll("[^A-Za-z0-9._-]", "_") + ".candor");
                TraceCut.Result r = TraceCut.write(source, range, out);
                EventQueue.invokeLater(() -> {
                    status.setText(String.format(Locale.ROOT, "%,d samples of %,d threads cut into %s", r.samples(), r.threads(), out));
                    cut.setEnabled(true);
                });
                SnapshotOpener.open(out);
            } catch (IOException | RuntimeException e) {
                if (!(e instanceof IOException)) LOG.log(Level.WARNING, "Cannot cut " + trace, e);
                EventQueue.invokeLater(() -> {
                    status.setText("Cannot cut the selection: " + e.getMessage());
                    status.setForeground(Colours.error());
                    cut.setEnabled(true);
                });
            }
        });
    }

    private static String label(Timeline t, long time) {
        return String.format(Locale.ROOT, "%.3fs", (time - t.start()) / 1e9);
    }
}
