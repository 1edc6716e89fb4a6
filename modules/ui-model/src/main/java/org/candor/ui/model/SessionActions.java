package org.candor.ui.model;

/** Which of the window's commands a session in a given state allows. */
public final class SessionActions {

    public final boolean attach;
    public final boolean apply;
    public final boolean reset;
    public final boolean snapshot;
    public final boolean detach;
    public final boolean stop;
    public final boolean start;

    private SessionActions(SessionState s, boolean sampling) {
        attach = s == SessionState.NONE || s == SessionState.DETACHED;
        apply = s.live() && !sampling;
        reset = s.live();
        snapshot = s.live();
        detach = s.live();
        stop = s == SessionState.RECORDING;
        start = s == SessionState.STOPPED || s == SessionState.WAITING_FOR_START;
    }

    /** For a JVM in this state; null (nothing selected) allows nothing. */
    public static SessionActions of(SessionState state) {
        return of(state, false);
    }

    /**
     * For a session in this state, sampling or not: a sampling session has the same life (Reset, Snapshot, Stop,
     * Start, Detach, a new Attach after it) but no roots, scheme or filters to Apply.
     */
    public static SessionActions of(SessionState state, boolean sampling) {
        return state == null ? NOTHING : new SessionActions(state, sampling);
    }

    private static final SessionActions NOTHING = new SessionActions(SessionState.UNREACHABLE, false);
}
