package org.candor.core.trace;

/**
 * The one place that says what a period's time beyond the thread's CPU time was. A period's real time (its
 * duration) is the time the thread ran (its {@code task-clock}) plus time it did not run (off-CPU time,
 * {@code duration - task-clock}, at least 0). The rule:
 * <ul>
 * <li><b>blocked</b>: the thread is negated (the kernel counted a voluntary context switch: a lock, a sleep, I/O, a
 * park): its off-CPU time is time it waited;
 * <li><b>descheduled</b>: not negated, and the kernel counted an involuntary switch ({@code involuntary-switches}
 * &gt; 0): it was runnable but the scheduler ran something else; its off-CPU time is time descheduled;
 * <li><b>running</b>: otherwise; what little off-CPU time such a period shows is the clocks' disagreement and is
 * counted as neither.
 * </ul>
 * <p>Where the kernel's context switches cut the periods (version 1.1), a period that a switch ended ran all of it
 * ({@link TraceRecord#isSwitch()}: running, whatever its sign), and the period off the CPU after it
 * ({@link TraceRecord#isOffCpu()}, no {@code task-clock}) is blocked or descheduled by the same rule: its sign and
 * its one switch say which.
 * <p>No threshold: a period with one involuntary switch and 1 µs off the CPU was descheduled for 1 µs, so the sums
 * over a thread add up to what the kernel counted whatever the periods' lengths. Without a {@code task-clock}
 * counter no off-CPU time is known (the times are 0); without {@code involuntary-switches} no period is descheduled.
 */
public final class TraceJudgement {

    /** What a period's off-CPU time was. */
    public enum State { RUNNING, BLOCKED, DESCHEDULED }

    public static final String TASK_CLOCK = "task-clock";
    public static final String INVOLUNTARY = "involuntary-switches";

    private final int taskClock;
    private final int involuntary;

    /** Judges periods whose counters are in this meta's order, K of them. */
    public TraceJudgement(TraceMeta meta, int counterCount) {
        int t = meta.counterIndex(TASK_CLOCK);
        int i = meta.counterIndex(INVOLUNTARY);
        this.taskClock = t < counterCount ? t : -1;
        this.involuntary = i < counterCount ? i : -1;
    }

    /** The periods carry their CPU time (a {@code task-clock} counter). */
    public boolean knowsCpuTime() { return taskClock >= 0; }

    /** The index of the {@code task-clock} counter, -1 when there is none. */
    public int taskClockIndex() { return taskClock; }

    public State state(TraceRecord period) {
        if (period.isSwitch()) return State.RUNNING;
        if (period.yielded()) return State.BLOCKED;
        if (involuntary >= 0 && period.counter(involuntary) > 0) return State.DESCHEDULED;
        return State.RUNNING;
    }

    /** The period's CPU time; -1 when not known. */
    public long cpuTime(TraceRecord period) {
        return taskClock < 0 ? -1 : period.counter(taskClock);
    }

    /** Real time beyond CPU time, at least 0; 0 when the CPU time is not known. */
    public long offCpu(TraceRecord period) {
        return taskClock < 0 ? 0 : Math.max(0, period.duration() - period.counter(taskClock));
    }

    /** Time the thread waited in this period. */
    public long blocked(TraceRecord period) {
        return state(period) == State.BLOCKED ? offCpu(period) : 0;
    }

    /** Time the thread was runnable but not running in this period. */
    public long descheduled(TraceRecord period) {
        return state(period) == State.DESCHEDULED ? offCpu(period) : 0;
    }
}
