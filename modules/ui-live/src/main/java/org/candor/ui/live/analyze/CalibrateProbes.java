package org.candor.ui.live.analyze;

import java.awt.EventQueue;
import java.util.function.Consumer;
import java.util.logging.Logger;
import org.candor.client.ProbeCalibration;
import org.candor.core.model.Snapshot;
import org.candor.ui.live.InstalledAgent;
import org.netbeans.api.progress.ProgressHandle;
import org.openide.util.RequestProcessor;

/**
 * Calibrate Probes: runs the trainer ({@code candor calibrate}'s {@link ProbeCalibration}) in the background under a
 * progress bar and says what it found in one line. One run at a time.
 */
public final class CalibrateProbes {

    private static final Logger LOG = Logger.getLogger(CalibrateProbes.class.getName());
    private static final RequestProcessor RUNNER = new RequestProcessor("Candor calibration", 1);
    private static boolean running;

    private CalibrateProbes() {}

    /** Calibrates for {@code metric} with the app's own java; {@code say} gets the outcome on the event thread. */
    public static void run(String metric, Consumer<String> say) {
        synchronized (CalibrateProbes.class) {
            if (running) {
                say.accept("Calibration is running already");
                return;
            }
            running = true;
        }
        say.accept("Calibrating the probes for " + metric + " (about ten seconds)\u2026");
        RUNNER.post(() -> {
            ProgressHandle progress = ProgressHandle.createHandle("Calibrating Candor's probes (" + metric + ")");
            progress.start();
            progress.switchToIndeterminate();
            String line;
            try {
                Snapshot s = new ProbeCalibration(InstalledAgent.locate()).metric(metric).run();
                String file = s.info().get("calibration.file");
                line = "Calibrated: " + minima(s) + (file == null ? "" : "; kept in " + file
                        + ", which every later session of this JVM reads");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                line = "Calibration interrupted";
            } catch (Exception e) {
                line = "Calibration failed: " + e.getMessage();
            } finally {
                progress.finish();
                synchronized (CalibrateProbes.class) {
                    running = false;
                }
            }
            LOG.info(line);
            String said = line;
            EventQueue.invokeLater(() -> say.accept(said));
        });
    }

    /** How many categories of probe pairs the trainer measured (the table itself is in Calibration view of a snapshot). */
    private static String minima(Snapshot s) {
        java.util.Set<String> categories = new java.util.TreeSet<>();
        for (String key : s.stats().keySet()) {
            String c = org.candor.core.analysis.CalibrationConstants.category(key);
            if (c != null) categories.add(c);
        }
        return categories.size() + " categories of probe pairs measured";
    }
}
