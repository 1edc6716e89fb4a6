package org.candor.ui.live;

import java.awt.BorderLayout;
import java.awt.GridLayout;
import java.util.function.ToDoubleFunction;
import javax.swing.JLabel;
import javax.swing.JPanel;
import org.candor.ui.model.SessionStatus;
import org.candor.ui.model.Telemetry;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.ChartPanel;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * A session's telemetry as live charts (JFreeChart), one reading of its status a second: heap used and committed,
 * CPU load and GC time, live threads, calls recorded per second. The figures are ui-model's {@link Telemetry}.
 */
final class TelemetryPanel extends JPanel {

    static final int READ_MILLIS = 1000;

    private final LiveSessions sessions;
    private final long pid;
    private final Telemetry telemetry = new Telemetry();
    private final XYSeries heapUsed = series("used");
    private final XYSeries heapCommitted = series("committed");
    private final XYSeries cpu = series("process CPU");
    private final XYSeries gc = series("GC");
    private final XYSeries threads = series("live threads");
    private final XYSeries calls = series("calls recorded");
    private final JLabel state = new JLabel(" ");
    /** Candor's own work: calls recorded (instrumentation) or samples taken (sampling), named once the status says which. */
    private ChartPanel recordedChart;
    private final Poller<Reading> poller;

    /** A status and when it was read: rates need the moment of each reading. */
    private record Reading(SessionStatus status, long nanos) { }

    TelemetryPanel(LiveSessions sessions, long pid) {
        super(new BorderLayout());
        this.sessions = sessions;
        this.pid = pid;
        poller = new Poller<>("Candor telemetry", READ_MILLIS,
                () -> new Reading(sessions.status(pid), System.nanoTime()), this::show,
                why -> state.setText("No telemetry from " + pid + ": " + why));
        setName("telemetry");
        state.setName("telemetryState");
        JPanel charts = new JPanel(new GridLayout(2, 2, 4, 4));
        charts.add(chart("Heap", "MB", heapUsed, heapCommitted));
        charts.add(chart("CPU load (of all processors) and GC time", "%", cpu, gc));
        charts.add(chart("Threads", "live", threads));
        recordedChart = chart("Candor: calls recorded", "per second", calls);
        charts.add(recordedChart);
        add(state, BorderLayout.NORTH);
        add(charts, BorderLayout.CENTER);
    }

    private static XYSeries series(String name) {
        XYSeries s = new XYSeries(name, true, false);
        s.setMaximumItemCount(Telemetry.KEPT);
        return s;
    }

    private static ChartPanel chart(String title, String unit, XYSeries... series) {
        XYSeriesCollection data = new XYSeriesCollection();
        for (XYSeries s : series) data.addSeries(s);
        JFreeChart chart = ChartFactory.createXYLineChart(title, "seconds", unit, data, PlotOrientation.VERTICAL,
                series.length > 1, true, false);
        ChartPanel panel = new ChartPanel(chart);
        panel.setName(title);
        panel.setMouseWheelEnabled(false);
        return panel;
    }

    @Override
    public void addNotify() {
        super.addNotify();
        poller.start();
    }

    @Override
    public void removeNotify() {
        poller.stop();
        super.removeNotify();
    }

    /** Points plotted so far (each chart has as many). */
    int points() { return calls.getItemCount(); }

    /** The latest calls-per-second point, or NaN. */
    double lastCallsPerSecond() {
        return calls.getItemCount() == 0 ? Double.NaN : calls.getY(calls.getItemCount() - 1).doubleValue();
    }

    private void show(Reading reading) {
        SessionStatus got = reading.status();
        if (!got.state().live()) {
            state.setText("No telemetry from " + pid + ": " + String.join(" ", got.summary()));
            poller.stop();
            return;
        }
        Telemetry.Point p = telemetry.add(got, reading.nanos());
        if (p == null) return;
        add(heapUsed, p, q -> q.heapUsedMb);
        add(heapCommitted, p, q -> q.heapCommittedMb);
        add(cpu, p, q -> q.cpuPercent);
        add(gc, p, q -> q.gcPercent);
        add(threads, p, q -> q.threads);
        add(calls, p, q -> q.callsPerSecond);
        String unit = got.recordedUnit();
        if (!calls.getKey().equals(unit + " recorded")) {
            calls.setKey(unit + " recorded");
            recordedChart.getChart().setTitle("Candor: " + unit + " recorded");
        }
        state.setText("Telemetry of " + pid + ", a reading a second; " + String.format("%,.0f", p.callsPerSecond)
                + " " + unit + " recorded a second now");
    }

    private static void add(XYSeries s, Telemetry.Point p, ToDoubleFunction<Telemetry.Point> value) {
        double v = value.applyAsDouble(p);
        if (!Double.isNaN(v)) s.add(p.seconds, v);
    }

    void dispose() {
        poller.dispose();
    }
}
