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

    private SessionActions(SessionState s) {
        attach = s == SessionState.NONE || s == SessionState.DETACHED;
        apply = s.live();
        reset = s.live();
        snapshot = s.live();
        detach = s.live();
        stop = s == SessionState.RECORDING;
        start = s == SessionState.STOPPED || s == SessionState.WAITING_FOR_START;
    }

    /** For a JVM in this state; null (nothing selected) allows nothing. */
    public static SessionActions of(SessionState state) {
        return state == null ? NOTHING : new SessionActions(state);
    }

    private static final SessionActions NOTHING = new SessionActions(SessionState.UNREACHABLE);
}
