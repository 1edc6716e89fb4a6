package org.candor.ui.live.analyze;

import java.awt.BorderLayout;
import java.awt.FlowLayout;
import java.util.Map;
import javax.swing.DefaultListCellRenderer;
import javax.swing.JCheckBox;
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
    private final JCheckBox calibrated = new JCheckBox("Calibrate: take the probes' own cost out of every time (recommended)", true);
    private Map<String, MetricStatus> known;
    private String unknownWhy = "asking libcandor.so what this machine can read\u2026";
    private Runnable onChange = () -> { };

    MetricChooser(JPanel calibrateButtonRow) {
        super(new BorderLayout(4, 2));
        metric.setName("metric");
        verdict.setName("metricVerdict");
        calibrated.setName("calibrated");
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
        calibrated.addActionListener(e -> onChange.run());
        JPanel top = new JPanel(new FlowLayout(FlowLayout.LEFT, 6, 0));
        top.add(new JLabel("Measure calls by"));
        top.add(metric);
        JPanel lines = new JPanel(new java.awt.GridLayout(0, 1));
        lines.add(verdict);
        lines.add(calibrated);
        if (calibrateButtonRow != null) lines.add(calibrateButtonRow);
        add(top, BorderLayout.NORTH);
        add(lines, BorderLayout.CENTER);
        MachineMetrics.get().whenComplete((map, error) -> SwingUtilities.invokeLater(() -> {
            known = map;
            if (error != null) unknownWhy = "cannot ask libcandor.so: " + rootMessage(error);
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

    boolean calibrated() { return calibrated.isSelected(); }

    void show(String m, boolean calibrate) {
        metric.setSelectedItem(m);
        calibrated.setSelected(calibrate);
        describe();
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
