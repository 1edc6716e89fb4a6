package org.candor.ui.calltree;

import org.candor.core.model.ThreadProfile;

/** An entry of the thread selector: one thread, or all threads merged into one tree. */
final class ThreadChoice {

    private final ThreadProfile thread;
    private final String label;
    private final long total;

    private ThreadChoice(ThreadProfile thread, String label, long total) {
        this.thread = thread;
        this.label = label;
        this.total = total;
    }

    static ThreadChoice merged(long total) {
        return new ThreadChoice(null, "All threads (merged)", total);
    }

    static ThreadChoice of(ThreadProfile thread, long total) {
        return new ThreadChoice(thread, thread.name() + " (#" + thread.threadId() + ")", total);
    }

    /** The thread's name and id, or "All threads (merged)". */
    String label() { return label; }

    /** The thread, or null for the merged tree. */
    ThreadProfile thread() { return thread; }
    boolean isMerged() { return thread == null; }
    long total() { return total; }

    @Override public String toString() { return label + "  \u2014  " + DisplayUnits.time(total); }
}
