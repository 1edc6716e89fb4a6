package org.candor.probe;

/**
 * How the probes calibrate, set by the agent before the first probe runs (it is read once, when
 * {@link Calibration} initialises, so that the JIT folds the choice into every probe).
 */
public final class CalibrationSettings {

    /** No calibration: one clock reading per event, raw times only (the cheapest probe). */
    public static final int OFF = 0;
    /** Minima update at every event and each event is corrected with the minima known at that moment. */
    public static final int RUNTIME = 1;
    /** Minima are gathered until the warm-up ends and then stay fixed, so every later event gets the same constants. */
    public static final int FROZEN = 2;

    static volatile int mode = RUNTIME;
    /** JIT compilations before the warm-up starts. */
    static volatile long warmupDelay = 1;
    /** Entry and exit events in the warm-up; 0: no warm-up. */
    static volatile long warmupCount = 1_000_000;

    /** The trainer's run ({@code candor calibrate}): sections are minimal by construction, so their typical length is kept. */
    static volatile boolean trainer;

    /** {@link #measureEvery}'s default, and the most it may be. */
    public static final int DEFAULT_MEASURE_EVERY = 16;
    public static final int MAX_MEASURE_EVERY = 1024;

    /**
     * How often (on average, one event in this many) a calibrated probe measures its own time with a second clock
     * reading as it leaves; the other events take the thread's recent measured average (see {@link ProbeTime}).
     * 1: every event is measured (four readings a call instead of about two).
     */
    static volatile int measureEvery = DEFAULT_MEASURE_EVERY;

    private CalibrationSettings() {}

    public static void trainer(boolean on) { trainer = on; }

    public static void set(int calibrationMode, long delayCompilations, long countEvents) {
        if (calibrationMode < OFF || calibrationMode > FROZEN) throw new IllegalArgumentException("calibration mode");
        if (delayCompilations < 0 || countEvents < 0) throw new IllegalArgumentException("warm-up must be >= 0");
        mode = calibrationMode;
        warmupDelay = delayCompilations;
        warmupCount = countEvents;
    }

    /**
     * See {@link #measureEvery}: 1 measures every event. The trainer measures as the profiles it is for will: the
     * sections after a measured event depend on how often events are measured.
     */
    public static void measureEvery(int every) {
        if (every < 1 || every > MAX_MEASURE_EVERY) throw new IllegalArgumentException("measure every 1.." + MAX_MEASURE_EVERY);
        measureEvery = every;
    }

    public static int measureEvery() { return measureEvery; }

    /**
     * What the probes' second reading costs, in ticks (see {@link ProbeTime}); 0 where every event is measured.
     * The first call measures it: the agent makes it before the first probe runs.
     */
    public static long leavingReadTicks() { return ProbeTime.LEAVING_READ; }

    public static int mode() { return mode; }

    public static String modeName(int m) {
        switch (m) {
            case OFF: return "off";
            case FROZEN: return "frozen";
            default: return "runtime";
        }
    }
}
