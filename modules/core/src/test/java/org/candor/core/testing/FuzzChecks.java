package org.candor.core.testing;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

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

    /**
     * The verdicts of a fuzz test's mutants: each must be read, or refused with the reader's own exception whose
     * message the test accepts (one line, or naming the file); anything else, or a read that allocated more than the
     * bound, is unexpected and said with where it came from.
     */
    public static final class Tally {
        private final Class<? extends Exception> refusal;
        private final Predicate<String> goodMessage;
        private final String messageRule;
        private final long maxAllocation;
        private final List<String> unexpected = new ArrayList<>();
        private int accepted;
        private int rejected;

        /** @param messageRule what {@code goodMessage} asks, for the report of a message that fails it */
        public Tally(Class<? extends Exception> refusal, Predicate<String> goodMessage, String messageRule,
                     long maxAllocation) {
            this.refusal = refusal;
            this.goodMessage = goodMessage;
            this.messageRule = messageRule;
            this.maxAllocation = maxAllocation;
        }

        /** A refusal whose message is one line, not empty. */
        public static Tally oneLine(Class<? extends Exception> refusal, long maxAllocation) {
            return new Tally(refusal, msg -> !msg.isEmpty() && !msg.contains("\n") && !msg.contains("\r"),
                    "of more than one line", maxAllocation);
        }

        /** Reads one mutant ({@code what} says which, for the report) and judges how it ended. */
        public void judge(String what, Read read) {
            judge(what, goodMessage, read);
        }

        /** As {@link #judge(String, Read)}, a refusal's message judged by {@code goodMessage} (one naming this mutant). */
        public void judge(String what, Predicate<String> goodMessage, Read read) {
            long before = allocatedBytes();
            String problem = null;
            try {
                read.run();
                accepted++;
            } catch (Throwable t) {
                if (refusal.isInstance(t)) {
                    rejected++;
                    String msg = t.getMessage();
                    if (msg == null || !goodMessage.test(msg)) problem = "a message " + messageRule + ": " + msg;
                } else {
                    problem = t + " at " + where(t);
                }
            }
            long used = allocatedBytes() - before;
            if (problem == null && used > maxAllocation) problem = "allocated " + (used >> 20) + " MiB";
            if (problem != null) unexpected.add(what + ": " + problem);
        }

        public int accepted() { return accepted; }
        public int rejected() { return rejected; }
        public List<String> unexpected() { return unexpected; }

        /** {@code N accepted, N rejected, N unexpected}. */
        public String counts() {
            return accepted + " accepted, " + rejected + " rejected, " + unexpected.size() + " unexpected";
        }
    }
}
