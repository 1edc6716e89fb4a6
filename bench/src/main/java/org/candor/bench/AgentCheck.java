package org.candor.bench;

import org.candor.bench.instrumented.InstrumentedLeaf;
import org.candor.bench.plain.PlainLeaf;
import org.candor.probe.Clock;
import org.candor.probe.ThreadRegistry;
import org.candor.probe.ThreadState;

/**
 * Run in every benchmark fork before anything is measured: proves that the agent is loaded, that it instrumented
 * {@link InstrumentedLeaf} and not {@link PlainLeaf}, and that the probes use the clock the run configuration asked
 * for. Any doubt throws, and the runner fails the whole run: a number for an "instrumented" leaf that was never
 * instrumented would be a lie.
 */
public final class AgentCheck {

    /** System property set by the runner on the forked JVM: {@code native} (libcandor.so) or {@code nanotime}. */
    public static final String CLOCK_PROPERTY = "candor.bench.clock";

    private static final int CALLS = 1000;

    private AgentCheck() {}

    public static void verify() {
        if (Clock.class.getClassLoader() != null) {
            throw new IllegalStateException("org.candor.probe.Clock was loaded by " + Clock.class.getClassLoader()
                    + ", not from the boot class path: the Candor agent is not loaded in this JVM");
        }
        long before = callsRecordedByThisThread();
        for (int i = 0; i < CALLS; i++) InstrumentedLeaf.leaf(i);
        long afterInstrumented = callsRecordedByThisThread();
        if (afterInstrumented - before != CALLS) {
            throw new IllegalStateException("the agent did not instrument " + InstrumentedLeaf.class.getName()
                    + ": " + CALLS + " calls added " + (afterInstrumented - before) + " recorded calls"
                    + " (is include=org.candor.bench.instrumented.** set?)");
        }
        for (int i = 0; i < CALLS; i++) PlainLeaf.leaf(i);
        long afterPlain = callsRecordedByThisThread();
        if (afterPlain != afterInstrumented) {
            throw new IllegalStateException(PlainLeaf.class.getName() + " is instrumented too: " + CALLS
                    + " calls added " + (afterPlain - afterInstrumented) + " recorded calls");
        }
        String expected = System.getProperty(CLOCK_PROPERTY, "native");
        String source = Clock.sourceName();
        boolean clockOk = expected.equals("nanotime") ? source.equals("nanotime") : !source.equals("nanotime");
        if (!clockOk) {
            throw new IllegalStateException("the probes use clock '" + source + "' but this run expects " + expected
                    + (expected.equals("native") ? " (is -agentpath:.../libcandor.so given?)" : ""));
        }
        System.out.println("candor-bench: agent verified: " + InstrumentedLeaf.class.getSimpleName()
                + " instrumented, " + PlainLeaf.class.getSimpleName() + " not, probe clock " + source);
    }

    /** The bench-only probe copies really record (so a variant cannot be cheap by doing nothing). */
    public static void verifyVariants() {
        long before = org.candor.bench.variants.CopyProbe.state().calls();
        for (int i = 0; i < CALLS; i++) {
            org.candor.bench.variants.VariantLeaves.copy(i);
            org.candor.bench.variants.VariantLeaves.copyNoClock(i);
            org.candor.bench.variants.VariantLeaves.copyLastChild(i);
            org.candor.bench.variants.VariantLeaves.copyTidArray(i);
            org.candor.bench.variants.VariantLeaves.copyTidLastChild(i);
        }
        long added = org.candor.bench.variants.CopyProbe.state().calls() - before;
        if (added != 5L * CALLS) {
            throw new IllegalStateException("the bench probe copies recorded " + added + " of " + 5 * CALLS + " calls");
        }
        int pos = org.candor.bench.floor.FloorBuffer.current().position();
        org.candor.bench.floor.FloorLeaf.leaf(1);
        if (org.candor.bench.floor.FloorBuffer.current().position() == pos) {
            throw new IllegalStateException("the floor probe recorded nothing");
        }
    }

    /** Calls recorded in this thread's call tree so far; 0 before its first probe ran. */
    static long callsRecordedByThisThread() {
        long id = Thread.currentThread().getId();
        for (ThreadState s : ThreadRegistry.all()) {
            if (s.threadId() != id) continue;
            long sum = 0;
            for (long c : s.copy().nodeCalls) sum += c;
            return sum;
        }
        return 0;
    }
}
