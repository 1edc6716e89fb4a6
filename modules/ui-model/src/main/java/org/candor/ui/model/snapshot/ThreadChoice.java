package org.candor.ui.model.snapshot;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.candor.core.model.Metric;
import org.candor.core.model.Snapshot;
import org.candor.core.model.ThreadProfile;

/** An entry of a snapshot window's thread selector: one thread, or all threads merged into one tree. */
public final class ThreadChoice {

    private final ThreadProfile thread;
    private final String label;
    private final long total;
    private final Metric.Unit unit;

    private ThreadChoice(ThreadProfile thread, String label, long total, Metric.Unit unit) {
        this.thread = thread;
        this.label = label;
        this.total = total;
        this.unit = unit;
    }

    /** The choices a snapshot offers: all threads merged first, then each thread, largest total first. */
    public static List<ThreadChoice> of(Snapshot snapshot) {
        ViewMetrics metrics = new ViewMetrics(snapshot.metrics());
        Metric.Unit unit = snapshot.metrics().isEmpty() ? Metric.Unit.COUNT : snapshot.metrics().get(metrics.basis()).unit();
        List<ThreadChoice> threads = new ArrayList<>();
        long all = 0;
        for (ThreadProfile t : snapshot.threads()) {
            long total = snapshot.metrics().isEmpty() ? 0 : metrics.whole(t.root());
            threads.add(new ThreadChoice(t, t.name() + " (#" + t.threadId() + ")", total, unit));
            all += total;
        }
        threads.sort(Comparator.comparingLong(ThreadChoice::total).reversed());
        List<ThreadChoice> choices = new ArrayList<>();
        choices.add(new ThreadChoice(null, "All threads (merged)", all, unit));
        choices.addAll(threads);
        return choices;
    }

    /** The thread's name and id, or "All threads (merged)". */
    public String label() { return label; }

    /** The thread, or null for the merged tree. */
    public ThreadProfile thread() { return thread; }
    public boolean isMerged() { return thread == null; }
    /** The threads this choice shows: the one, or all of the snapshot's. */
    public List<ThreadProfile> threads(Snapshot snapshot) { return isMerged() ? snapshot.threads() : List.of(thread); }
    /** The threads' total of the value shares compare. */
    public long total() { return total; }

    /** True when {@code other}, from another snapshot of the same session, means the same thread (or both merged). */
    public boolean sameAs(ThreadChoice other) {
        return isMerged() ? other.isMerged() : !other.isMerged() && other.thread.threadId() == thread.threadId();
    }

    @Override public String toString() { return label + "  \u2014  " + DisplayUnits.value(total, unit); }
}
