package org.candor.app.inside;

import static org.assertj.swing.edt.GuiActionRunner.execute;

import java.time.Duration;
import java.util.function.Supplier;

/**
 * Waiting for what the app shows, never for a fixed time: a condition read on the event thread every 100 ms until it
 * holds or the limit passes. The limits are generous (a loaded 2-core machine starts a JVM and instruments it slowly);
 * a condition that holds early costs nothing.
 */
final class Await {

    /** For a step that answers at once on a quiet machine: a dialog, a list, an attach, a session's command. */
    static final Duration STEP = Duration.ofSeconds(60);
    /** For the app to start. */
    static final Duration START = Duration.ofSeconds(240);

    private Await() {}

    /** Waits until {@code condition} holds (read on the event thread), failing after {@code limit}. */
    static void until(String what, Duration limit, Supplier<Boolean> condition) {
        until(what, limit, condition, () -> "");
    }

    /** As {@link #until(String, Duration, Supplier)}; the failure also says what {@code seen} (event thread) tells. */
    static void until(String what, Duration limit, Supplier<Boolean> condition, Supplier<String> seen) {
        long end = System.nanoTime() + limit.toNanos();
        while (!execute(condition::get)) {
            if (System.nanoTime() > end) {
                String last = execute(seen::get);
                throw new AssertionError("waited " + limit.toSeconds() + " s for " + what
                        + (last.isEmpty() ? "" : "; last seen: " + last));
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted while waiting for " + what, e);
            }
        }
    }

    /** The value {@code read} gives (event thread) once it is not null. */
    static <T> T value(String what, Duration limit, Supplier<T> read) {
        @SuppressWarnings("unchecked") T[] got = (T[]) new Object[1];
        until(what, limit, () -> (got[0] = read.get()) != null);
        return got[0];
    }
}
