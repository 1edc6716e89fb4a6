package org.candor.ui.model.snapshot;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.candor.core.model.Metric;

/** An entry of a snapshot window's thread selector: one thread, or all threads merged into one tree. */
public final class ThreadChoice {

    /** {@link #index} of the merged tree. */
    private static final int MERGED = -1;

    private final int index;
    private final long threadId;
    private final String label;
    private final long total;
    private final Metric.Unit unit;

    private ThreadChoice(int index, long threadId, String label, long total, Metric.Unit unit) {
        this.index = index;
        this.threadId = threadId;
        this.label = label;
        this.total = total;
        this.unit = unit;
    }

    /**
     * The choices a snapshot offers: all threads merged first, then each thread, largest total first.
     *
     * @param totals each thread's whole ({@link ViewMetrics#whole}), in the snapshot's order of threads
     */
    static List<ThreadChoice> of(List<Long> ids, List<String> names, long[] totals, List<Metric> metrics) {
        Metric.Unit unit = metrics.isEmpty() ? Metric.Unit.COUNT : metrics.get(new ViewMetrics(metrics).basis()).unit();
        List<ThreadChoice> threads = new ArrayList<>();
        long all = 0;
        for (int t = 0; t < ids.size(); t++) {
            threads.add(new ThreadChoice(t, ids.get(t), names.get(t) + " (#" + ids.get(t) + ")", totals[t], unit));
            all += totals[t];
        }
        threads.sort(Comparator.comparingLong(ThreadChoice::total).reversed());
        List<ThreadChoice> choices = new ArrayList<>();
        choices.add(new ThreadChoice(MERGED, -1, "All threads (merged)", all, unit));
        choices.addAll(threads);
        return choices;
    }

    /** The thread's name and id, or "All threads (merged)". */
    public String label() { return label; }

    public boolean isMerged() { return index == MERGED; }
    /** The thread's position in its snapshot's list of threads; -1 for the merged tree. */
    int index() { return index; }
    /** The thread's id; -1 for the merged tree. */
    public long threadId() { return threadId; }
    /** The threads' total of the value shares compare. */
    public long total() { return total; }

    /** True when {@code other}, from another snapshot of the same session, means the same thread (or both merged). */
    public boolean sameAs(ThreadChoice other) {
        return isMerged() ? other.isMerged() : !other.isMerged() && other.threadId == threadId;
    }

    @Override public String toString() { return label + "  \u2014  " + DisplayUnits.value(total, unit); }
}
