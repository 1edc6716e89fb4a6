package org.candor.core.testing;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.function.Predicate;
import net.jqwik.api.statistics.Statistics;
import net.jqwik.api.statistics.StatisticsCoverage;

/**
 * What the readers' fuzz and damaged-input tests ask of a run: how many bytes this thread allocated (so a length a
 * damaged file claims is seen to size no allocation), where an unexpected exception came from, in one line, and the
 * verdict on each mutant ({@link Tally}).
 */
public final class FuzzChecks {

    private FuzzChecks() {}

    /** Bytes allocated by the calling thread so far: the difference across a read is what the read allocated. */
    public static long allocatedBytes() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean())
                .getThreadAllocatedBytes(Thread.currentThread().getId());
    }

    /** The top four frames of an exception, {@code a < b < c < d}: enough to find the reader that let it through. */
    public static String where(Throwable t) {
        StackTraceElement[] st = t.getStackTrace();
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < Math.min(4, st.length); i++) s.append(i == 0 ? "" : " < ").append(st[i]);
        return s.toString();
    }

    /** A read of one damaged input, which may throw anything. */
    public interface Read {
        void run() throws Exception;
    }

    /** How a read of a mutant may end. */
    public enum Verdict {
        READ, REFUSED;

        @Override public String toString() { return name().toLowerCase(java.util.Locale.ROOT); }
    }

    /**
     * The verdict on each mutant of a fuzz property: it must be read, or refused with one of the reader's own
     * exceptions whose message the test accepts (one line, or naming the file). Anything else fails the try with an
     * AssertionError that says what happened and where (jqwik then shrinks the mutant and reports the smallest that
     * still fails): another exception or an Error, a message the test does not accept, a read that allocated more
     * than the bound, or one still running after {@link #HANG_MILLIS}. Verdicts are counted in jqwik's statistics
     * (label {@code verdict}), which {@link #expectOver} checks after the tries.
     */
    public static final class Tally {
        /** Far beyond what reading a mutant of a few KiB takes, on a loaded machine; a loop in a reader ends no sooner. */
        public static final long HANG_MILLIS = 10_000;
        private static final String LABEL = "verdict";

        private final List<Class<? extends Exception>> refusals = new ArrayList<>();
        private final Predicate<String> goodMessage;
        private final String messageRule;
        private final long maxAllocation;
        private final ReadWorker worker = new ReadWorker();
        private final List<Consumer<StatisticsCoverage>> expectations = new ArrayList<>();

        /**
         * @param goodMessage what a refusal's message must be
         * @param messageRule what {@code goodMessage} refuses, for the report of a message that fails it
         * @param refusals the exceptions the reader refuses damaged input with
         */
        @SafeVarargs
        public Tally(Predicate<String> goodMessage, String messageRule, long maxAllocation,
                     Class<? extends Exception>... refusals) {
            for (Class<? extends Exception> r : refusals) this.refusals.add(r); // element by element: safe varargs
            this.goodMessage = goodMessage;
            this.messageRule = messageRule;
            this.maxAllocation = maxAllocation;
        }

        /** Refusals whose message is one line, not empty. */
        @SafeVarargs
        public static Tally oneLine(long maxAllocation, Class<? extends Exception>... refusals) {
            return new Tally(msg -> !msg.isEmpty() && !msg.contains("\n") && !msg.contains("\r"), "of more than one line",
                    maxAllocation, refusals);
        }

        /** Reads one mutant and judges how it ended; throws an AssertionError unless it was read or refused well. */
        public Verdict judge(Read read) {
            return judge(null, read);
        }

        /** As {@link #judge(Read)}, {@code how} the mutant was read (one of several ways) named in a failure. */
        public Verdict judge(String how, Read read) {
            ReadWorker.Outcome o;
            try {
                o = worker.run(read, HANG_MILLIS);
            } catch (TimeoutException e) {
                throw new AssertionError(said(how, "still reading after " + HANG_MILLIS / 1000 + " s: a hang"));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(said(how, "interrupted"), e);
            }
            Verdict verdict = null;
            String problem = null;
            if (o.thrown == null) {
                verdict = Verdict.READ;
            } else if (isRefusal(o.thrown)) {
                verdict = Verdict.REFUSED;
                String msg = o.thrown.getMessage();
                if (msg == null || !goodMessage.test(msg)) problem = "refused in a message " + messageRule + ": " + msg;
            } else {
                problem = o.thrown + " at " + where(o.thrown);
            }
            if (problem == null && o.allocated > maxAllocation) {
                problem = "allocated " + (o.allocated >> 20) + " MiB, more than " + (maxAllocation >> 20) + " MiB";
            }
            if (problem != null) throw new AssertionError(said(how, problem), o.thrown);
            Statistics.label(LABEL).collect(verdict);
            // the same checkers each time: jqwik keeps one of each, and checks them once, after the tries
            for (Consumer<StatisticsCoverage> e : expectations) Statistics.label(LABEL).coverage(e);
            return verdict;
        }

        /**
         * Fails the property, after its tries, unless more than {@code percent} % of the verdicts were {@code verdict}:
         * proof that the damage reaches the readers' checks (refused), or that the readers still read what stays
         * readable; {@code why} is said when it fails.
         */
        public Tally expectOver(Verdict verdict, double percent, String why) {
            expectations.add(c -> c.check(verdict).percentage((Double p) -> {
                if (!(p > percent)) {
                    throw new AssertionError(why + ": " + String.format("%.1f", p) + " % of the verdicts were " + verdict
                            + ", not more than " + percent + " %");
                }
            }));
            return this;
        }

        private boolean isRefusal(Throwable t) {
            for (Class<? extends Exception> r : refusals) if (r.isInstance(t)) return true;
            return false;
        }

        private static String said(String how, String problem) {
            return how == null ? problem : how + ": " + problem;
        }
    }
}
