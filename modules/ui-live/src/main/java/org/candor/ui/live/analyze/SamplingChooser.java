package org.candor.ui.live.analyze;

import java.awt.FlowLayout;
import java.awt.GridLayout;
import javax.swing.ButtonGroup;
import javax.swing.JComboBox;
import javax.swing.JLabel;
import javax.swing.JPanel;
import javax.swing.JRadioButton;

/** CPU sampling's event (CPU time of running threads, or elapsed time of all threads) and interval. */
final class SamplingChooser extends JPanel {

    private final JRadioButton cpu = new JRadioButton("CPU time: where running threads spend the processor");
    private final JRadioButton wall = new JRadioButton("Wall clock: where every thread spends its time, waiting included");
    private final JComboBox<String> interval = new JComboBox<>(new String[] {"100us", "1ms", "4ms", "10ms", "20ms"});
    private Runnable onChange = () -> { };

    SamplingChooser() {
        super(new GridLayout(0, 1, 0, 2));
        cpu.setName("sampleCpu");
        wall.setName("sampleWall");
        interval.setName("sampleInterval");
        interval.setEditable(true);
        interval.setToolTipText("How often each thread is sampled: 10us at least; below the kernel's tick (often 4 ms) "
                + "only perf task-clock timers deliver, which libcandor.so uses where the kernel allows");
        ButtonGroup g = new ButtonGroup();
        g.add(cpu);
        g.add(wall);
        cpu.setSelected(true);
        cpu.addActionListener(e -> onChange.run());
        wall.addActionListener(e -> onChange.run());
        interval.addActionListener(e -> onChange.run());
        JPanel every = new JPanel(new FlowLayout(FlowLayout.LEFT, 6, 0));
        every.add(new JLabel("Sample every"));
        every.add(interval);
        add(cpu);
        add(wall);
        add(every);
    }

    void onChange(Runnable listener) {
        onChange = listener;
    }

    String event() { return wall.isSelected() ? "wall" : "cpu"; }

    String interval() {
        Object v = interval.getEditor().getItem();
        return v == null ? "" : v.toString().trim();
    }

    void show(String event, String every) {
        ("wall".equals(event) ? wall : cpu).setSelected(true);
        interval.setSelectedItem(every);
    }
}
