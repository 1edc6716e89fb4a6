package org.candor.ui.live.analyze;

import java.awt.BorderLayout;
import java.awt.FlowLayout;
import java.util.Map;
import javax.swing.DefaultListCellRenderer;
import javax.swing.JComboBox;
import javax.swing.JLabel;
import javax.swing.JList;
import javax.swing.JPanel;
import javax.swing.SwingUtilities;
import org.candor.client.ProfileSettings;
import org.candor.client.system.MetricStatus;

/**
 * What an instrumented call is measured by, with what this machine can read (asked of libcandor.so) and why not the
 * rest, and whether the probes' own cost is taken out (calibration).
 */
final class MetricChooser extends JPanel {

    private final JComboBox<String> metric = new JComboBox<>(ProfileSettings.METRICS.toArray(new String[0]));
    private final JLabel verdict = new JLabel(" ");
    private final JComboBox<String> calibration = new JComboBox<>(new String[] {
        "take the probes' own cost out as they run (recommended)",
        "the same, with the minima fixed once the warm-up ends",
        "off: raw times, the cheapest probe"});
    /** Where earlier minima come from: auto, none, or a statistics file typed or chosen. */
    private final JComboBox<String> minima = new JComboBox<>(new String[] {AUTO, NONE});
    static final String AUTO = "what Calibrate Probes left for this JVM (auto)";
    static final String NONE = "none: learn from this run only";
    private Map<String, MetricStatus> known;
    private String unknownWhy = "asking libcandor.so what this machine can read\u2026";
    private Runnable onChange = () -> { };

    MetricChooser(JPanel calibrateButtonRow) {
        super(new BorderLayout(4, 2));
        metric.setName("metric");
        verdict.setName("metricVerdict");
        calibration.setName("calibration");
        minima.setName("calstats");
        minima.setEditable(true);
        minima.setToolTipText("Calibration minima from an earlier run: a statistics file is read at start and written at exit");
        metric.setRenderer(new DefaultListCellRenderer() {
            @Override
            public java.awt.Component getListCellRendererComponent(JList<?> list, Object value, int index, boolean selected,
                                                                   boolean focus) {
                super.getListCellRendererComponent(list, value, index, selected, focus);
                MetricStatus m = known == null ? null : known.get(String.valueOf(value));
                if (m != null) {
                    setText(value + (m.available() ? "" : "  (unavailable here)"));
                    setEnabled(m.available());
                }
                return this;
            }
        });
        metric.addActionListener(e -> {
            describe();
            onChange.run();
        });
        calibration.addActionListener(e -> onChange.run());
        minima.addActionListener(e -> onChange.run());
        JPanel top = new JPanel(new FlowLayout(FlowLayout.LEFT, 6, 0));
        top.add(new JLabel("Measure calls by"));
        top.add(metric);
        JPanel lines = new JPanel(new java.awt.GridLayout(0, 1, 0, 2));
        lines.add(verdict);
        lines.add(labelled("Calibration", calibration));
        lines.add(labelled("Probe minima from", minima));
        if (calibrateButtonRow != null) lines.add(calibrateButtonRow);
        add(top, BorderLayout.NORTH);
        add(lines, BorderLayout.CENTER);
        MachineMetrics.get().whenComplete((facts, error) -> SwingUtilities.invokeLater(() -> {
            if (facts != null && facts.answered()) {
                Map<String, MetricStatus> byName = new java.util.LinkedHashMap<>();
                for (MetricStatus m : facts.metrics()) byName.put(m.name(), m);
                known = byName;
            } else {
                unknownWhy = "cannot ask libcandor.so: " + (facts != null ? facts.problem() : rootMessage(error));
            }
            describe();
            onChange.run();
            metric.repaint();
        }));
        describe();
    }

    void onChange(Runnable listener) {
        onChange = listener;
    }

    String metric() { return (String) metric.getSelectedItem(); }

    /** runtime, frozen or off (AnalyzeSettings.CALIBRATIONS, in the combo's order). */
    String calibration() {
        return org.candor.ui.model.analyze.AnalyzeSettings.CALIBRATIONS.get(Math.max(0, calibration.getSelectedIndex()));
    }

    /** auto, none, or the file typed. */
    String calstats() {
        Object v = minima.getEditor().getItem();
        String text = v == null ? "" : v.toString().trim();
        return text.isEmpty() || text.equals(AUTO) ? "auto" : text.equals(NONE) ? "none" : text;
    }

    void show(String m, String mode, String calstats) {
        metric.setSelectedItem(m);
        calibration.setSelectedIndex(Math.max(0, org.candor.ui.model.analyze.AnalyzeSettings.CALIBRATIONS.indexOf(mode)));
        minima.setSelectedItem(calstats.equals("auto") ? AUTO : calstats.equals("none") ? NONE : calstats);
        describe();
    }

    private static JPanel labelled(String label, java.awt.Component c) {
        JPanel p = new JPanel(new BorderLayout(6, 0));
        p.add(new JLabel(label), BorderLayout.WEST);
        p.add(c, BorderLayout.CENTER);
        return p;
    }

    /** Why the chosen metric cannot be read here, or null (also null while the machine is still being asked). */
    String problem() {
        MetricStatus m = known == null ? null : known.get(metric());
        return m == null || m.available() ? null : "The metric " + metric() + " cannot be read on this machine: " + m.reason();
    }

    private void describe() {
        MetricStatus m = known == null ? null : known.get(metric());
        if (m == null) {
            verdict.setText(known == null ? unknownWhy : metric() + ": not known to this machine's libcandor.so");
        } else if (m.available()) {
            verdict.setText(m.description() + ": read by " + m.readBy()
                    + (m.nanosPerRead() == null ? "" : String.format(", about %.0f ns a read", m.nanosPerRead())));
        } else {
            verdict.setText("Unavailable here: " + m.reason());
        }
    }

    private static String rootMessage(Throwable t) {
        Throwable c = t;
        while (c.getCause() != null && c.getCause() != c) c = c.getCause();
        return c.getMessage() == null ? c.getClass().getSimpleName() : c.getMessage();
    }
}
