package org.candor.agent.instrument;

/** Which probe entry an instrumented method calls (see org.candor.probe.Probe). */
public enum ProbeKind {
    /** Total scheme: every call is recorded. */
    TOTAL("enter"),
    /** A root method of the Lazy or Eager scheme: recorded always. */
    ROOT("enterRoot"),
    /** Reached from a root: recorded only while the thread is inside a root. */
    INNER("enterInner");

    final String entryMethod;

    ProbeKind(String entryMethod) {
        this.entryMethod = entryMethod;
    }
}
