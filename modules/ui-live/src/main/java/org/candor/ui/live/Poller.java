package org.candor.ui.live;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;
import javax.swing.SwingUtilities;
import javax.swing.Timer;

/**
 * A reading repeated while a window shows (Live Results, Telemetry): taken off the event thread every period, one at
 * a time (a slow session does not pile readings up), its result handed to the event thread. A reading that fails
 * stops the polling and says why. Start, stop and the consumers: event thread.
 */
final class Poller<T> {

    /** One reading; may block (the control channel). */
    interface Reading<T> {
        T read() throws Exception;
    }

    private final Reading<T> reading;
    private final Consumer<T> shown;
    private final Consumer<String> failed;
    private final Timer timer;
    private final ExecutorService worker;
    private boolean busy;

    Poller(String threadName, int periodMillis, Reading<T> reading, Consumer<T> shown, Consumer<String> failed) {
        this.reading = reading;
        this.shown = shown;
        this.failed = failed;
        this.timer = new Timer(periodMillis, e -> readNow());
        this.worker = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, threadName);
            t.setDaemon(true);
            return t;
        });
    }

    /** Reads at once, then every period. */
    void start() {
        readNow();
        timer.start();
    }

    void stop() {
        timer.stop();
    }

    /** The time between readings from now on. Event thread. */
    void setPeriod(int millis) {
        timer.setDelay(millis);
    }

    /** Other blocking work for the same session, on the same thread as the readings. */
    void execute(Runnable work) {
        worker.execute(work);
    }

    private void readNow() {
        if (busy) return;
        busy = true;
        worker.execute(() -> {
            T result = null;
            String problem = null;
            try {
                result = reading.read();
            } catch (Exception e) {
                problem = String.valueOf(e.getMessage());
            }
            T got = result;
            String why = problem;
            SwingUtilities.invokeLater(() -> {
                busy = false;
                if (why != null) {
                    timer.stop();
                    failed.accept(why);
                } else {
                    shown.accept(got);
                }
            });
        });
    }

    /** Stops for good (the window closed). */
    void dispose() {
        timer.stop();
        worker.shutdownNow();
    }
}
