package org.candor.probe;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The per-thread tree as the probes build it, driven call by call. */
class ThreadStateTest {

    private ThreadState ts;

    @BeforeEach
    void fresh() {
        ProbeLimits.set(1_000, 100, 10);
        NodeBudget.reset();
        ts = new ThreadState(Thread.currentThread(), true);
    }

    @AfterEach
    void restore() {
        ProbeLimits.set(4_000_000, 100_000, 10_000);
        NodeBudget.reset();
    }

    private int enter(int method) {
        ts.enter(method);
        return ts.depth;
    }

    @Test
    void callsOnOnePathShareANodeAndCount() {
        int a = enter(1);
        for (int i = 0; i < 3; i++) {
            int b = enter(2);
            ts.exit(b);
        }
        ts.exit(a);
        ThreadTreeCopy c = ts.copy();
        assertThat(c.nodeCount()).isEqualTo(3);
        assertThat(c.nodeMethod).containsExactly(-1, 1, 2);
        assertThat(c.nodeParent).containsExactly(-1, 0, 1);
        assertThat(c.nodeCalls).containsExactly(0, 1, 3);
        assertThat(ts.depth).isZero();
        assertThat(c.nodeTicks[1]).isGreaterThanOrEqualTo(c.nodeTicks[2]);
    }

    @Test
    void anExitClosesTheFramesAnExceptionLeftOpenAboveIt() {
        int a = enter(1);
        enter(2);
        enter(3); // 2 and 3 never exit: an exception went through them
        ts.exit(a);
        assertThat(ts.depth).isZero();
        ts.exit(a); // the catch-all after a normal exit: nothing left to close
        assertThat(ts.depth).isZero();
        assertThat(ts.copy().nodeCalls).containsExactly(0, 1, 1, 1);
    }

    @Test
    void unwindKeepsTheCatchingFrameOpen() {
        int a = enter(1);
        enter(2);
        enter(3);
        ts.unwind(a);
        assertThat(ts.depth).isEqualTo(a);
        int d = enter(4);
        ts.exit(d);
        ts.exit(a);
        ThreadTreeCopy c = ts.copy();
        assertThat(c.nodeParent[c.nodeCount() - 1]).as("4 is a child of 1, not of 3").isEqualTo(1);
    }

    @Test
    void framesPastTheDepthLimitAreDroppedAndCountedButTheStackStaysBalanced() {
        ProbeLimits.set(1_000, 3, 10);
        ts = new ThreadState(Thread.currentThread(), true);
        int[] frames = new int[6];
        for (int i = 0; i < 6; i++) frames[i] = enter(10 + i);
        for (int i = 5; i >= 0; i--) ts.exit(frames[i]);
        assertThat(ts.depth).isZero();
        ThreadTreeCopy c = ts.copy();
        assertThat(c.nodeCount()).isEqualTo(4);
        assertThat(c.droppedCalls).isEqualTo(3);
    }

    @Test
    void theNodeLimitDropsNewPathsButKeepsCountingKnownOnes() {
        ProbeLimits.set(2, 100, 10);
        NodeBudget.reset();
        ts = new ThreadState(Thread.currentThread(), true);
        int a = enter(1);
        ts.exit(enter(2));
        ts.exit(enter(3)); // a third node would pass the limit of 2 (thread roots are not counted)
        ts.exit(enter(2));
        ts.exit(a);
        ThreadTreeCopy c = ts.copy();
        assertThat(c.nodeMethod).containsExactly(-1, 1, 2);
        assertThat(c.nodeCalls).containsExactly(0, 1, 2);
        assertThat(c.droppedCalls).isEqualTo(1);
        assertThat(ThreadRegistry.nodeLimitReached()).isTrue();
    }

    @Test
    void manyChildrenOfOneNodeStayDistinct() {
        int root = enter(0);
        for (int round = 0; round < 2; round++) {
            for (int m = 1; m <= 500; m++) ts.exit(enter(m));
        }
        ts.exit(root);
        ThreadTreeCopy c = ts.copy();
        assertThat(c.nodeCount()).isEqualTo(502);
        for (int i = 2; i < c.nodeCount(); i++) assertThat(c.nodeCalls[i]).isEqualTo(2);
    }

    @Test
    void openFramesAreReportedInTheCopy() {
        enter(1);
        enter(2);
        ThreadTreeCopy c = ts.copy();
        assertThat(c.openFrameNodes).containsExactly(1, 2);
        assertThat(c.takenAt).isGreaterThanOrEqualTo(c.openFrameStarts[1]);
    }

    @Test
    void aThreadPastTheThreadLimitIsNotRecorded() {
        ThreadState off = new ThreadState(Thread.currentThread(), false);
        off.enter(1);
        assertThat(off.depth).isZero();
        off.exit(0);
        assertThat(off.copy().nodeCount()).isEqualTo(1);
    }
}
