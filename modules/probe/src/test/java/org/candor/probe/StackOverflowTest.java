package org.candor.probe;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A program that overflows its stack under the probes and catches the error: the overflow may strike inside any
 * call the probes make, half-way through an event, and the exit or unwind that follows must still leave every figure
 * within the thread's wall time, every method's self time within its time on the stack, and nothing open. Each trial
 * drives one thread state as instrumented code does (enter, then exit in the body and in a catch-all, unwind in a
 * handler), from a different stack offset each time so that the overflow lands on different calls of the probe.
 */
class StackOverflowTest {

    private static final int MAIN = 1;
    private static final int RECURSE = 2;
    private static final int CATCHER = 3;
    private static final int WORK = 4;

    private ThreadState ts;
    private int deepest;

    @BeforeEach
    void limits() {
        ProbeLimits.set(1_000_000, 100_000, 10_000);
        ProbeLimits.treeShape("keep", 1_000_000);
        NodeBudget.reset();
    }

    @AfterEach
    void restore() {
        ProbeLimits.set(4_000_000, 100_000, 10_000);
        ProbeLimits.treeShape("auto", 1_000_000);
        NodeBudget.reset();
    }

    @Test
    void anOverflowCaughtByTheProgramLeavesEveryFigureWithinTheThreadsWallTime() throws InterruptedException {
        List<String> problems = new ArrayList<>();
        Thread t = new Thread(null, () -> {
            for (int pad = 0; pad < 160; pad++) trial(pad, 0, problems);
            // the overflow at the depth where the frame arrays grow (4096 frames): it may strike half-way through
            // growing them
            for (int pad = 0; pad < 20; pad++) {
                trial(pad, 0, problems);
                int before = 4096 - deepest;
                for (int shift = -3; shift <= 3; shift++) trial(pad, Math.max(0, before + shift), problems);
            }
        }, "overflows", 256 * 1024);
        t.start();
        t.join();
        assertThat(problems).isEmpty();
    }

    /** One overflow, caught, then some work: {@code pad} plain frames and {@code open} recorded frames below it. */
    private void trial(int pad, int open, List<String> problems) {
        ts = new ThreadState(Thread.currentThread(), true);
        deepest = 0;
        long start = Clock.now();
        try {
            ts.enter(MAIN);
            int main = ts.frame;
            for (int i = 0; i < open; i++) ts.enter(MAIN);
            pad(pad);
            Probe.exit(ts, main);
        } catch (StackOverflowError notCaughtByTheProgram) {
            problems.add("pad " + pad + ", open " + open + ": the catcher's handler or exit overflowed");
            return;
        } catch (RuntimeException thrownByTheProbe) {
            problems.add("pad " + pad + ", open " + open + ": the probe threw " + thrownByTheProbe);
            return;
        }
        long wall = Clock.now() - start;
        List<String> found = new ArrayList<>();
        check("pad " + pad + ", open " + open + ": ", wall, found);
        problems.addAll(found.subList(0, Math.min(3, found.size())));  // the first few of a trial say enough
    }

    private void check(String trial, long wall, List<String> problems) {
        if (ts.depth != 0) problems.add(trial + "depth " + ts.depth + " after the last exit");
        ThreadTreeCopy c = ts.copy();
        long[] totals = Trees.totals(c);
        for (int i = 1; i < c.nodeCount(); i++) {
            if (totals[i] > wall) problems.add(trial + "node " + i + " total " + totals[i] + " > wall " + wall);
            if (c.nodeSelf[i] < 0) problems.add(trial + "node " + i + " self " + c.nodeSelf[i]);
            if (c.nodeAdjust != null && c.nodeAdjust[i] > c.nodeSelf[i]) {
                problems.add(trial + "node " + i + " takes out " + c.nodeAdjust[i] + " of " + c.nodeSelf[i]);
            }
        }
        for (int r = 0; r < c.rowCount(); r++) {
            int method = c.rowMethod[r];
            if (ts.rows.openFrames(r) != 0) problems.add(trial + "method " + method + " still open " + ts.rows.openFrames(r));
            long self = c.rowBeyondSelf[r];
            for (int i = 1; i < c.nodeCount(); i++) if (c.nodeMethod[i] == method) self += c.nodeSelf[i];
            if (c.rowTotal[r] > wall) problems.add(trial + "method " + method + " total " + c.rowTotal[r] + " > wall " + wall);
            // nothing is lost from the tree: a method's time on the stack is within the thread's total
            if (c.rowTotal[r] > totals[0]) problems.add(trial + "method " + method + " total " + c.rowTotal[r] + " > thread " + totals[0]);
            if (self > c.rowTotal[r]) problems.add(trial + "method " + method + " self " + self + " > total " + c.rowTotal[r]);
        }
        int work = Trees.row(c, WORK);
        if (work < 0 || c.rowTotal[work] <= 0) problems.add(trial + "the work after the overflow is missing");
    }

    private void pad(int k) {
        if (k > 0) {
            pad(k - 1);
        } else {
            catcher();
        }
    }

    private void catcher() {
        ts.enter(CATCHER);
        int f = ts.frame;
        try {
            try {
                recurse(0);
            } catch (StackOverflowError e) {
                Probe.unwind(ts, f);
            }
            ts.enter(WORK);
            int w = ts.frame;
            spin(20_000);
            Probe.exit(ts, w);
            Probe.exit(ts, f);
        } catch (Throwable t) {
            Probe.exit(ts, f);
            throw t;
        }
    }

    private long recurse(long n) {
        ts.enter(RECURSE);
        int f = ts.frame;
        try {
            if (ts.depth > deepest) deepest = ts.depth;
            long r = recurse(n + 1) + 1;
            Probe.exit(ts, f);
            return r;
        } catch (Throwable t) {
            Probe.exit(ts, f);
            throw t;
        }
    }

    private static void spin(long nanos) {
        long end = System.nanoTime() + nanos;
        while (System.nanoTime() < end) Thread.onSpinWait();
    }
}
