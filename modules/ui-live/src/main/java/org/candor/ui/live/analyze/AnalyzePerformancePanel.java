package org.candor.ui.live.analyze;

import static org.candor.ui.model.Words.capitalized;

import java.awt.BorderLayout;
import java.awt.Component;
import java.awt.Dimension;
import java.awt.FlowLayout;
import java.awt.Font;
import java.util.List;
import java.util.function.Consumer;
import javax.swing.BorderFactory;
import javax.swing.BoxLayout;
import javax.swing.ButtonGroup;
import javax.swing.DefaultListCellRenderer;
import javax.swing.JButton;
import javax.swing.JCheckBox;
import javax.swing.JComboBox;
import javax.swing.JLabel;
import javax.swing.JList;
import javax.swing.JOptionPane;
import javax.swing.JPanel;
import javax.swing.JRadioButton;
import javax.swing.JScrollPane;
import javax.swing.JTextArea;
import javax.swing.ListSelectionModel;
import org.candor.ui.live.LaunchForm;
import org.candor.ui.model.analyze.AnalyzeSettings;
import org.candor.ui.model.analyze.Configurations;
import org.candor.ui.model.analyze.ProfilingTask;
import org.candor.ui.snapshot.Colours;

/**
 * Profile &gt; Analyze Performance: the task in the words users know (Entire application, Part of application,
 * Application startup, CPU sampling), its settings (roots and scheme, classes to profile and to leave out, metric
 * and calibration, or the sampling event and interval), where it runs (attach to a JVM, launch a program, or a
 * running session's new settings), and named configurations. The settings are an {@link AnalyzeSettings}, checked by
 * the agent's own parsers; this panel only shows and edits them. Event thread only.
 */
public final class AnalyzePerformancePanel extends JPanel {

    /** The configuration combo's entry for what the form shows now, when that is no saved configuration. */
    static final String AS_SHOWN = "(as shown)";
    static final String LAST_USED = "(last used)";
    /** The bundled demo's own classes. */
    static final String DEMO_PACKAGES = "org.candor.demo.**";

    private final Configurations configurations;
    private final JList<ProfilingTask> tasks = new JList<>(ProfilingTask.values());
    private final JLabel taskTitle = new JLabel();
    private final JTextArea taskText = wrapped();
    private final JComboBox<String> configuration = new JComboBox<>();
    private final RootsEditor roots;
    private final FiltersEditor filters;
    private final MetricChooser metric;
    private final SamplingChooser sampling = new SamplingChooser();
    private final JCheckBox trace = new JCheckBox("Record a trace: what each thread did when (Threads timeline)");
    private final JCheckBox delayed = new JCheckBox("Start recording later: calibrate through the warm-up and record"
            + " from Start (in the JVMs window)");
    private final JPanel rootsSection;
    private final JPanel filtersSection;
    private final JPanel metricSection;
    private final JPanel samplingSection;
    private final JPanel recordingSection;
    private final JPanel traceSection;
    private final ReadinessSection readiness = new ReadinessSection();
    private final JPanel readinessSection;
    private final JRadioButton attachChoice = new JRadioButton("Attach to");
    private final JRadioButton launchChoice = new JRadioButton("Launch");
    private final JComboBox<AnalyzeTarget> jvms = new JComboBox<>();
    private final JLabel program = new JLabel();
    private final JLabel summary = new JLabel(" ");
    private final JLabel problem = new JLabel(" ");
    private final JLabel note = new JLabel(" ");
    private final AnalyzeTarget session;
    private AnalyzeTarget launch;
    private boolean showing;
    /** While the form itself sets the configuration combo: its events are not the user's. */
    private boolean settingCombo;
    private Consumer<String> onProblem = p -> { };

    /**
     * @param initial  the settings to start from (the last used, or the session's)
     * @param choices  the JVMs one may attach to; {@code selected} among them is chosen first (null: launch)
     * @param session  a running session whose settings change (then no other target is offered), or null
     */
    public AnalyzePerformancePanel(Configurations configurations, AnalyzeSettings initial, List<AnalyzeTarget> choices,
                                   AnalyzeTarget selected, AnalyzeTarget session) {
        super(new BorderLayout(8, 8));
        this.configurations = configurations;
        this.session = session;
        setName("analyzePerformance");
        setBorder(BorderFactory.createEmptyBorder(8, 8, 8, 8));
        roots = new RootsEditor(() -> currentTarget() == null ? null : currentTarget().code());
        filters = new FiltersEditor(() -> currentTarget() == null ? null : currentTarget().mainClass(), this::say);
        JButton calibrate = new JButton("Calibrate Probes\u2026");
        calibrate.setName("calibrate");
        calibrate.setToolTipText("Run the trainer once for this JVM and CPU, so the probes' measured cost is their true minimum");
        calibrate.addActionListener(e -> CalibrateProbes.run(chosenMetric(), this::say));
        JPanel calibrateRow = new JPanel(new FlowLayout(FlowLayout.LEFT, 0, 0));
        calibrateRow.add(calibrate);
        metric = new MetricChooser(calibrateRow);

        rootsSection = section("Root methods", roots);
        filtersSection = section("Classes", filters);
        metricSection = section("Measurement", metric);
        samplingSection = section("Sampling", sampling);
        recordingSection = section("Recording", delayed);
        trace.setName("sampleTrace");
        trace.setToolTipText("Also writes every thread's periods between samples and context switches, with their CPU"
                + " time, stacks and the program's markers (org.candor.api.Candor), beside the snapshot: its window gets a"
                + " Threads timeline. With instrumentation, the sampler runs beside the probes for it");
        traceSection = section("Trace", trace);
        readinessSection = section("What works here (asked of the operating system)", readiness);
        delayed.setName("delayedStart");

        add(configurationBar(), BorderLayout.NORTH);
        add(taskList(), BorderLayout.WEST);
        add(settingsSide(), BorderLayout.CENTER);
        add(bottom(choices, selected), BorderLayout.SOUTH);

        showSettings(initial);
        Runnable changed = this::changed;
        roots.onChange(changed);
        filters.onChange(changed);
        metric.onChange(changed);
        sampling.onChange(changed);
        delayed.addActionListener(e -> changed());
        trace.addActionListener(e -> changed());
        readiness.onChange(changed);
        tasks.addListSelectionListener(e -> {
            if (!e.getValueIsAdjusting()) changed();
        });
        setPreferredSize(new Dimension(1040, 680));
    }

    /** Told the problem that keeps the task from running (null: none) after every change. */
    public void onProblem(Consumer<String> listener) {
        onProblem = listener;
        changed();
    }

    /** The settings as the form shows them. */
    public AnalyzeSettings settings() {
        ProfilingTask task = tasks.getSelectedValue() == null ? ProfilingTask.ENTIRE_APPLICATION : tasks.getSelectedValue();
        return AnalyzeSettings.defaults().withTask(task).withRoots(roots.roots()).withRootScheme(roots.scheme())
                .withFilters(filters.includes(), filters.excludes(), filters.defaultExcludes())
                .withMetric(metric.metric()).withCalibration(metric.calibration()).withCalstats(metric.calstats()).withDelayedStart(delayed.isSelected())
                .withSampling(sampling.event(), sampling.interval()).withTrace(trace.isSelected());
    }

    /** Where the task will run: the session, the JVM chosen, or the program to launch (null: none chosen yet). */
    public AnalyzeTarget currentTarget() {
        if (session != null) return session;
        return launchChoice.isSelected() ? launch : (AnalyzeTarget) jvms.getSelectedItem();
    }

    /** What the button will do: change the session, launch, or attach (even before a program or JVM is chosen). */
    public AnalyzeTarget.Kind targetKind() {
        if (session != null) return AnalyzeTarget.Kind.SESSION;
        return launchChoice.isSelected() ? AnalyzeTarget.Kind.LAUNCH : AnalyzeTarget.Kind.ATTACH;
    }

    /** Why the task cannot run as set, in one line, or null. */
    public String problem() {
        AnalyzeSettings s = settings();
        AnalyzeTarget t = currentTarget();
        if (t == null) return launchChoice.isSelected() ? "Choose the program to launch (Program\u2026)" : "Choose a JVM to attach to";
        if (session != null && !s.task().instruments()) {
            return "A running instrumentation session cannot turn into sampling: detach it, then attach with CPU sampling";
        }
        if (t.kind() == AnalyzeTarget.Kind.ATTACH && !s.task().canAttach()) {
            return "Application startup launches the program: choose Launch";
        }
        if (t.kind() == AnalyzeTarget.Kind.ATTACH && readiness.refusal() != null) return readiness.refusal();
        String p = s.problem();
        if (p != null) return capitalized(p);
        return s.task().instruments() ? metric.problem() : null;
    }

    private String chosenMetric() {
        return metric.metric();
    }

    /** Keeps what the form shows as the last used settings. */
    public void keepAsLastUsed() {
        configurations.saveLast(settings());
    }

    private void showSettings(AnalyzeSettings s) {
        showing = true;
        try {
            tasks.setSelectedValue(s.task(), true);
            roots.show(s.roots(), s.rootScheme());
            filters.show(s.includes(), s.excludes(), s.defaultExcludes());
            metric.show(s.metric(), s.calibration(), s.calstats());
            sampling.show(s.samplingEvent(), s.interval());
            trace.setSelected(s.trace());
            delayed.setSelected(s.delayedStart());
        } finally {
            showing = false;
        }
        changed();
    }

    private void changed() {
        if (showing) return;
        ProfilingTask task = tasks.getSelectedValue() == null ? ProfilingTask.ENTIRE_APPLICATION : tasks.getSelectedValue();
        taskTitle.setText(task.title());
        taskText.setText(task.description());
        rootsSection.setVisible(task.hasRoots());
        filtersSection.setVisible(task.instruments());
        metricSection.setVisible(task.instruments());
        samplingSection.setVisible(!task.instruments());
        recordingSection.setVisible(task.instruments());
        if (session == null && task == ProfilingTask.STARTUP && attachChoice.isSelected()) launchChoice.setSelected(true);
        attachChoice.setEnabled(session == null && task.canAttach());
        jvms.setEnabled(attachChoice.isEnabled());
        markEdited();
        readiness.show(currentTarget());
        summary.setText(settings().summary());
        String p = problem();
        problem.setText(p == null ? " " : p);
        onProblem.accept(p);
        revalidate();
        repaint();
    }

    private JPanel configurationBar() {
        configuration.setName("configuration");
        refillConfigurations(AS_SHOWN);
        configuration.addActionListener(e -> {
            if (settingCombo) return;
            AnalyzeSettings s = selectedConfiguration();
            if (s != null && !s.equals(settings())) showSettings(s);
        });
        JButton saveAs = new JButton("Save As\u2026");
        saveAs.setName("configurationSave");
        saveAs.addActionListener(e -> saveConfiguration());
        JButton delete = new JButton("Delete");
        delete.setName("configurationDelete");
        delete.addActionListener(e -> {
            String name = (String) configuration.getSelectedItem();
            if (name == null || name.equals(LAST_USED) || name.equals(AS_SHOWN)) return;
            configurations.delete(name);
            refillConfigurations(AS_SHOWN);
            say("Deleted the configuration " + name);
        });
        JPanel bar = new JPanel(new FlowLayout(FlowLayout.LEFT, 6, 0));
        bar.add(new JLabel("Configuration"));
        bar.add(configuration);
        bar.add(saveAs);
        bar.add(delete);
        return bar;
    }

    private void saveConfiguration() {
        String name = (String) JOptionPane.showInputDialog(this, "Keep these settings as", "Save configuration",
                JOptionPane.PLAIN_MESSAGE, null, null, "");
        if (name == null) return;
        String why = Configurations.nameProblem(name);
        if (why != null) {
            say(why);
            return;
        }
        configurations.save(name, settings());
        refillConfigurations(name.trim());
        say("Kept as the configuration " + name.trim());
    }

    private void refillConfigurations(String select) {
        javax.swing.DefaultComboBoxModel<String> m = new javax.swing.DefaultComboBoxModel<>();
        m.addElement(AS_SHOWN);
        m.addElement(LAST_USED);
        configurations.names().forEach(m::addElement);
        m.setSelectedItem(select);
        settingCombo = true;
        try {
            configuration.setModel(m);
        } finally {
            settingCombo = false;
        }
    }

    /** The settings the configuration combo names, or null for "as shown". */
    private AnalyzeSettings selectedConfiguration() {
        String name = (String) configuration.getSelectedItem();
        if (name == null || name.equals(AS_SHOWN)) return null;
        return name.equals(LAST_USED) ? configurations.last() : configurations.load(name);
    }

    /** A configuration edited stops being that configuration: the combo says so. */
    private void markEdited() {
        AnalyzeSettings named = selectedConfiguration();
        if (named == null || named.equals(settings())) return;
        settingCombo = true;
        try {
            configuration.setSelectedItem(AS_SHOWN);
        } finally {
            settingCombo = false;
        }
    }

    private JScrollPane taskList() {
        tasks.setName("tasks");
        tasks.setSelectionMode(ListSelectionModel.SINGLE_SELECTION);
        tasks.setCellRenderer(new DefaultListCellRenderer() {
            @Override
            public Component getListCellRendererComponent(JList<?> list, Object value, int index, boolean selected, boolean focus) {
                super.getListCellRendererComponent(list, value, index, selected, focus);
                ProfilingTask t = (ProfilingTask) value;
                setText("<html><div style='width:170px;padding:6px'><b>" + t.title() + "</b><br>"
                        + (t.instruments() ? (t.hasRoots() ? "roots, Lazy or Eager" : "Total scheme")
                        : "stack samples") + (t.canAttach() ? "" : ", launch only") + "</div></html>");
                return this;
            }
        });
        JScrollPane scroll = new JScrollPane(tasks, JScrollPane.VERTICAL_SCROLLBAR_AS_NEEDED, JScrollPane.HORIZONTAL_SCROLLBAR_NEVER);
        scroll.setPreferredSize(new Dimension(210, 200));
        return scroll;
    }

    private JScrollPane settingsSide() {
        JPanel side = new WidthTracking();
        side.setLayout(new BoxLayout(side, BoxLayout.Y_AXIS));
        taskTitle.setName("taskTitle");
        taskTitle.setFont(taskTitle.getFont().deriveFont(Font.BOLD, taskTitle.getFont().getSize2D() + 3f));
        taskTitle.setAlignmentX(LEFT_ALIGNMENT);
        taskText.setAlignmentX(LEFT_ALIGNMENT);
        side.add(taskTitle);
        side.add(taskText);
        for (JPanel p : new JPanel[] {rootsSection, filtersSection, metricSection, samplingSection, recordingSection,
                traceSection, readinessSection}) {
            p.setAlignmentX(LEFT_ALIGNMENT);
            side.add(p);
        }
        JScrollPane scroll = new JScrollPane(side);
        scroll.setBorder(BorderFactory.createEmptyBorder());
        scroll.getVerticalScrollBar().setUnitIncrement(16);
        return scroll;
    }

    private JPanel bottom(List<AnalyzeTarget> choices, AnalyzeTarget selected) {
        // attach and launch on lines of their own: one flowing row hid its last buttons behind a long JVM name
        JPanel target = new JPanel(new java.awt.GridLayout(0, 1, 0, 2));
        JPanel attachRow = new JPanel(new FlowLayout(FlowLayout.LEFT, 6, 0));
        JPanel launchRow = new JPanel(new FlowLayout(FlowLayout.LEFT, 6, 0));
        target.setName("target");
        if (session != null) {
            target.add(new JLabel("Change the settings of the running session in " + session.label()
                    + " (it is re-instrumented and its results start afresh)"));
        } else {
            attachChoice.setName("attachChoice");
            launchChoice.setName("launchChoice");
            jvms.setName("targetJvm");
            jvms.setPrototypeDisplayValue(AnalyzeTarget.attach(99999999, "com.example.application.server.Main"));
            program.setName("targetProgram");
            ButtonGroup g = new ButtonGroup();
            g.add(attachChoice);
            g.add(launchChoice);
            choices.forEach(jvms::addItem);
            LaunchForm last = new LaunchForm();
            if (last.problem() == null) launch = AnalyzeTarget.launch(last.command(), last.workingDirectory());
            showProgram();
            if (selected != null && selected.kind() == AnalyzeTarget.Kind.ATTACH) {
                for (int i = 0; i < jvms.getItemCount(); i++) if (jvms.getItemAt(i).pid() == selected.pid()) jvms.setSelectedIndex(i);
                attachChoice.setSelected(true);
            } else {
                launchChoice.setSelected(true);
            }
            JButton chooseProgram = new JButton("Program\u2026");
            chooseProgram.setName("chooseProgram");
            chooseProgram.addActionListener(e -> chooseProgram());
            JButton demo = new JButton("Bundled Demo");
            demo.setName("chooseDemo");
            demo.setToolTipText("Launch the order-processing demo that comes with Candor");
            demo.addActionListener(e -> chooseDemo());
            attachChoice.addActionListener(e -> changed());
            launchChoice.addActionListener(e -> changed());
            jvms.addActionListener(e -> {
                attachChoice.setSelected(true);
                changed();
            });
            attachRow.add(attachChoice);
            attachRow.add(jvms);
            launchRow.add(launchChoice);
            launchRow.add(chooseProgram);
            launchRow.add(demo);
            launchRow.add(program);
            target.add(attachRow);
            target.add(launchRow);
        }
        summary.setName("summary");
        problem.setName("problem");
        note.setName("note");
        problem.setForeground(Colours.error());
        JPanel lines = new JPanel(new java.awt.GridLayout(0, 1, 0, 2));
        lines.add(target);
        lines.add(summary);
        lines.add(problem);
        lines.add(note);
        return lines;
    }

    private void chooseProgram() {
        LaunchForm form = new LaunchForm();
        while (true) {
            int answer = JOptionPane.showConfirmDialog(this, form, "The program to launch", JOptionPane.OK_CANCEL_OPTION,
                    JOptionPane.PLAIN_MESSAGE);
            if (answer != JOptionPane.OK_OPTION) return;
            String why = form.problem();
            if (why == null) break;
            JOptionPane.showMessageDialog(this, why, "Launch", JOptionPane.WARNING_MESSAGE);
        }
        form.save();
        launch = AnalyzeTarget.launch(form.command(), form.workingDirectory());
        showProgram();
        launchChoice.setSelected(true);
        changed();
    }

    /** The bundled demo as the program to launch, with the java running the app. */
    private void chooseDemo() {
        try {
            String javaBin = java.nio.file.Path.of(System.getProperty("java.home"), "bin", "java").toString();
            launch = AnalyzeTarget.launch(List.of(javaBin, "-jar", org.candor.ui.live.InstalledAgent.demoJar().toString()), null);
            showProgram();
            launchChoice.setSelected(true);
            if (filters.includes().isEmpty()) {
                // the demo lives under org.candor, which Candor leaves out by default: profile it by name
                filters.show(List.of(DEMO_PACKAGES), filters.excludes(), filters.defaultExcludes());
                say("The demo's classes (" + DEMO_PACKAGES + ") are the ones profiled");
            }
            changed();
        } catch (org.candor.client.ClientException e) {
            say("The bundled demo cannot be found: " + e.getMessage());
        }
    }

    private void showProgram() {
        String text = launch == null ? "(no program chosen)" : launch.label();
        // the end of a long command line says most: the main class or jar and the arguments
        program.setText(text.length() > 70 ? "\u2026" + text.substring(text.length() - 67) : text);
        program.setToolTipText(launch == null ? null : launch.label());
    }

    /** One line for the user: answers of import, export, calibration, configurations. */
    void say(String line) {
        note.setText(line);
        note.setToolTipText(line);
    }

    /** The settings column: as wide as the dialog, never wider (it scrolls down, not sideways). */
    private static final class WidthTracking extends JPanel implements javax.swing.Scrollable {
        @Override public Dimension getPreferredScrollableViewportSize() { return getPreferredSize(); }
        @Override public int getScrollableUnitIncrement(java.awt.Rectangle r, int o, int d) { return 16; }
        @Override public int getScrollableBlockIncrement(java.awt.Rectangle r, int o, int d) { return r.height; }
        @Override public boolean getScrollableTracksViewportWidth() { return true; }
        @Override public boolean getScrollableTracksViewportHeight() { return false; }
    }

    private static JPanel section(String title, Component content) {
        JPanel p = new JPanel(new BorderLayout());
        p.setBorder(BorderFactory.createCompoundBorder(BorderFactory.createEmptyBorder(6, 0, 0, 0),
                BorderFactory.createTitledBorder(title)));
        p.add(content, BorderLayout.CENTER);
        return p;
    }

    private static JTextArea wrapped() {
        JTextArea a = new JTextArea(2, 40);
        a.setName("taskText");
        a.setEditable(false);
        a.setLineWrap(true);
        a.setWrapStyleWord(true);
        a.setOpaque(false);
        a.setBorder(BorderFactory.createEmptyBorder(2, 0, 4, 0));
        return a;
    }
}
