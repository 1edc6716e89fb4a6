package org.candor.ui.model;

/** Where a JVM's Candor session stands, as the Running JVMs window tells it. */
public enum SessionState {
    /** No session: Attach starts one. */
    NONE,
    /** Probes in place, calls recorded. */
    RECORDING,
    /** Probes in place, nothing recorded until Start. */
    STOPPED,
    /** A delayed start ({@code --delay-start}): the probes calibrate, recording waits for the first Start. */
    WAITING_FOR_START,
    /** The original bytecode is back; Attach starts a new session in the same JVM. */
    DETACHED,
    /** A session file, but no answer on its channel (the JVM is busy or ending). */
    UNREACHABLE;

    /** Reset, Snapshot, Detach and new settings need a session that answers and has its probes. */
    public boolean live() {
        return this == RECORDING || this == STOPPED || this == WAITING_FOR_START;
    }
}
