package org.candor.core.testing;

import java.lang.management.ManagementFactory;

/**
 * What the readers' fuzz and damaged-input tests ask of a run: how many bytes this thread allocated (so a length a
 * damaged file claims is seen to size no allocation), and where an unexpected exception came from, in one line.
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
}
