package org.candor.probe;

/**
 * Whether the probes record, and the generation of the collected results, as the control channel sets them. One
 * volatile word that every recorded call compares with its thread's copy: {@code generation << 1 | STOPPED}. A
 * thread that sees another value catches up on its own next call ({@link ThreadState}): a new generation clears its
 * own tree (reset), {@code STOPPED} makes the call unrecorded. No thread ever writes another thread's tree.
 *
 * <p>A delayed start ({@link #delayStart}, JPROF's DELAY_START) begins stopped, but until the first {@link #start}
 * the stopped calls still calibrate (see {@link ThreadState}): recording then starts with minima learnt from the
 * program's warm-up. A plain {@link #stop} keeps stopped calls as cheap as they can be.
 */
public final class Recording {

    static final int STOPPED = 1;

    private static final Object LOCK = new Object();
    /** {@code generation << 1 | STOPPED}; a thread records while it equals the thread's own copy. */
    static volatile int control;
    /** The clock when the results were last reset (wall clocks: open frames restart there). */
    static volatile long resetTicks;
    private static volatile boolean detached;
    /** Stopped calls time their sections for the calibration (a delayed start that has not started yet). */
    private static volatile boolean calibratingWhileStopped;
    /** Probe events that ran after the detach (classes that could not be restored); racy, a witness only. */
    static long eventsAfterDetach;

    private Recording() {}

    /** Recording on (new calls are counted again). */
    public static void start() {
        synchronized (LOCK) {
            if (detached) return;
            calibratingWhileStopped = false;  // first: a thread that sees recording on sees this too
            control &= ~STOPPED;
        }
    }

    /**
     * Recording off until the first {@link #start}, with every stopped call still calibrating. Called before the
     * first probe runs.
     */
    public static void delayStart() {
        synchronized (LOCK) {
            if (detached) return;
            control |= STOPPED;
            calibratingWhileStopped = true;
        }
    }

    /** Recording off: calls that start from now on are not recorded; open ones still close. */
    public static void stop() {
        synchronized (LOCK) { control |= STOPPED; }
    }

    /** Recording off for good: the bytecode is being restored. */
    public static void detach() {
        synchronized (LOCK) {
            detached = true;
            calibratingWhileStopped = false;
            control |= STOPPED;
        }
    }

    /**
     * A new session in this JVM after a detach ({@code resume}): recording on again, with results cleared (the
     * caller resets). The classes get their probes back from the agent.
     */
    public static void resume() {
        synchronized (LOCK) {
            detached = false;
            calibratingWhileStopped = false;
            control &= ~STOPPED;
        }
    }

    /**
     * Clears the collected results: each thread drops its tree on its next call (keeping its open calls as fresh
     * nodes that start now), and the node allowance is given back. Returns the new generation.
     */
    public static int reset() {
        synchronized (LOCK) {
            resetTicks = Clock.perThread() ? 0 : Clock.now();
            NodeBudget.reset();
            control += 2;
            return control >>> 1;
        }
    }

    public static boolean recording() { return (control & STOPPED) == 0; }
    public static boolean detached() { return detached; }
    /** True while a delayed start waits for its first start (stopped calls calibrate). */
    public static boolean calibratingWhileStopped() { return calibratingWhileStopped; }
    public static int generation() { return control >>> 1; }
    public static long eventsAfterDetach() { return eventsAfterDetach; }
}
