package org.candor.api;

/**
 * Marks places and phases of a program in a Candor trace ({@code candor profile --trace DIR}): each call writes a
 * marker record with the calling thread and the time, which the trace's tools and the desktop app's timeline show.
 *
 * <p>Costs nothing to speak of where Candor is not there: the agent binds the native half when it loads (at launch or
 * by attach) and sets {@code agent}; until then every method returns after one field read. A profile without a
 * trace takes the markers and drops them. Text longer than 341 characters is cut (a marker holds 1,024 bytes).
 */
public final class Candor {

    private static final int POINT = 1;
    private static final int PHASE_BEGIN = 2;
    private static final int PHASE_END = 3;

    /** Set by libcandor.so when it binds {@link #mark0}; no initializer, so class initialization cannot undo it. */
    private static boolean agent;

    private Candor() {}

    /** A marker at this point of the calling thread, e.g. {@code Candor.marker("request 17 parsed")}. */
    public static void marker(String text) {
        if (agent) mark0(POINT, text);
    }

    /** The calling thread begins the phase named {@code phase}; {@link #end} with the same name ends it. */
    public static void begin(String phase) {
        if (agent) mark0(PHASE_BEGIN, phase);
    }

    /** The calling thread ends the phase named {@code phase}. */
    public static void end(String phase) {
        if (agent) mark0(PHASE_END, phase);
    }

    /** Whether Candor's agent is in this JVM (markers reach a trace only when it writes one). */
    public static boolean present() {
        return agent;
    }

    private static native void mark0(int kind, String text);
}
