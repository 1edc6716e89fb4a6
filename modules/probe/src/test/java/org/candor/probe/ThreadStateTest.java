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
        ProbeLimits.treeShape("keep", 1_000_000);
        NodeBudget.reset();
        ts = new ThreadState(Thread.currentThread(), true);
    }

    @AfterEach
    void restore() {
        ProbeLimits.set(4_000_000, 100_000, 10_000);
        ProbeLimits.treeShape("auto", 1_000_000);
        NodeBudget.reset();
    }

    private int enter(int method) {
        ts.enter(method);
        return ts.depth;
    }

    private static void spin(long nanos) {
        long end = System.nanoTime() + nanos;
        while (System.nanoTime() < end) Thread.onSpinWait();
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
        assertThat(Trees.totals(c)[1]).isGreaterThanOrEqualTo(Trees.totals(c)[2]);
    }

    @Test
    void aCopyWithLiveNodesReadsWhatACopyHoldsTheCallInProgressIncluded() {
        int a = enter(1);
        for (int i = 0; i < 4; i++) {
            int b = enter(2 + i % 2);
            spin(20_000);
            ts.exit(b);
        }
        enter(4);  // still running: its section so far counts, in both
        spin(200_000);
        ThreadTreeCopy live = ts.copyWithLiveNodes();
        ThreadTreeCopy copy = ts.copy();
        assertThat(live.nodeCalls).as("no node arrays").isNull();
        assertThat(live.nodeCount()).isEqualTo(copy.nodeCount()).isEqualTo(5);
        for (int i = 0; i < copy.nodeCount(); i++) {
            assertThat(live.method(i)).as("method of %d", i).isEqualTo(copy.method(i)).isEqualTo(copy.nodeMethod[i]);
            assertThat(live.parent(i)).as("parent of %d", i).isEqualTo(copy.parent(i)).isEqualTo(copy.nodeParent[i]);
            assertThat(live.calls(i)).as("calls of %d", i).isEqualTo(copy.calls(i)).isEqualTo(copy.nodeCalls[i]);
            assertThat(live.adjust(i)).as("adjust of %d", i).isEqualTo(copy.adjust(i));
            if (i != 4) assertThat(live.self(i)).as("self of %d", i).isEqualTo(copy.self(i)).isEqualTo(copy.nodeSelf[i]);
        }
        // the call in progress: its section up to each copy's moment, the live one's taken first
        assertThat(live.self(4)).isPositive().isLessThanOrEqualTo(copy.self(4));
        assertThat(live.self(4) - ts.nodes[4 * ThreadState.W + ThreadState.SELF]).as("the open section").isPositive();
        assertThat(live.rowMethod).containsExactly(copy.rowMethod);
        ts.exit(a);
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
        ThreadTreeCopy c = ts.copy();
        assertThat(c.nodeCalls).containsExactly(0, 1, 1, 1);
        for (int m = 1; m <= 3; m++) assertThat(c.rowTotal[Trees.row(c, m)]).as("method %d left the stack", m).isPositive();
        enter(1);
        assertThat(ts.rows.openFrames(Trees.row(c, 2))).as("no frame of 2 is open any more").isZero();
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
    void pastTheNodeLimitNewPathsCountUnderANodeBeyondTheBudgetAndTheirMethodsStayExact() {
        ProbeLimits.set(2, 100, 10);
        NodeBudget.reset();
        ts = new ThreadState(Thread.currentThread(), true);
        int a = enter(1);
        ts.exit(enter(2));
        int b = enter(3); // a third node would pass the limit of 2 (thread roots are not counted)
        ts.exit(enter(4)); // below a call beyond the budget: lumped into the same node
        ts.exit(enter(4));
        ts.exit(b);
        ts.exit(enter(2));
        ts.exit(enter(3));
        ts.exit(a);
        ThreadTreeCopy c = ts.copy();
        assertThat(c.nodeMethod).containsExactly(-1, 1, 2, ThreadTreeCopy.BEYOND);
        assertThat(c.nodeParent).containsExactly(-1, 0, 1, 1);
        assertThat(c.nodeCalls).as("4 calls beyond: 3, 4, 4, 3").containsExactly(0, 1, 2, 4);
        assertThat(c.droppedCalls).isZero();
        assertThat(c.beyondCalls).isEqualTo(4);
        assertThat(c.rowBeyondCalls[Trees.row(c, 3)]).isEqualTo(2);
        assertThat(c.rowBeyondCalls[Trees.row(c, 4)]).isEqualTo(2);
        assertThat(c.rowBeyondCalls[Trees.row(c, 2)]).isZero();
        long beyondSelf = c.rowBeyondSelf[Trees.row(c, 3)] + c.rowBeyondSelf[Trees.row(c, 4)];
        assertThat(beyondSelf).as("the rows share out the beyond node's time").isEqualTo(c.nodeSelf[3]);
        assertThat(c.rowTotal[Trees.row(c, 3)]).isGreaterThanOrEqualTo(c.rowBeyondSelf[Trees.row(c, 3)]);
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
    void theSectionInProgressAndTheMethodsOnTheStackCountInACopy() {
        enter(1);
        spin(200_000);
        enter(2);
        spin(200_000);
        ThreadTreeCopy c = ts.copy();
        assertThat(c.nodeSelf[2]).as("open section of the top frame").isPositive();
        long[] totals = Trees.totals(c);
        assertThat(c.rowTotal[Trees.row(c, 1)]).isGreaterThanOrEqualTo(c.rowTotal[Trees.row(c, 2)]).isPositive();
        assertThat(totals[1]).isGreaterThanOrEqualTo(totals[2]);
    }

    @Test
    void foldedRecursionCountsAtTheFirstFrameOfTheMethodAndKeepsTimesConsistent() {
        ProbeLimits.treeShape("fold", 1_000_000);
        ts = new ThreadState(Thread.currentThread(), true);
        int a = enter(1);
        int b = enter(2);
        int a2 = enter(1);   // folds into the first frame of 1
        int b2 = enter(2);   // and this into the first of 2
        spin(100_000);
        ts.exit(enter(3));   // a new path below the folded frames
        ts.exit(b2);
        ts.exit(enter(4));   // under the folded frame of 1: a child of 1's first node
        ts.exit(a2);
        ts.exit(b);
        ts.exit(a);
        ThreadTreeCopy c = ts.copy();
        assertThat(c.nodeMethod).containsExactly(-1, 1, 2, 3, 4);
        assertThat(c.nodeParent).containsExactly(-1, 0, 1, 2, 1);
        assertThat(c.nodeCalls).containsExactly(0, 2, 2, 1, 1);
        assertThat(c.foldedCalls).isEqualTo(2);
        assertThat(c.foldedAfter).isZero();
        long[] totals = Trees.totals(c);
        // the time of method 1 on the stack is its outermost window: the whole thing
        assertThat(c.rowTotal[Trees.row(c, 1)]).isEqualTo(totals[1]);
        assertThat(c.rowTotal[Trees.row(c, 2)]).isGreaterThanOrEqualTo(totals[2]);
        assertThat(c.rowTotal[Trees.row(c, 3)]).isEqualTo(totals[3]);
    }

    @Test
    void aRecursionBelowANodeBeyondTheBudgetIsLumpedThereAndCountsInItsMethodsRow() {
        ProbeLimits.set(1, 100, 10);
        ProbeLimits.treeShape("fold", 1_000_000);
        NodeBudget.reset();
        ts = new ThreadState(Thread.currentThread(), true);
        int a = enter(1);    // the only node the budget allows
        int b = enter(2);    // beyond the budget
        int b2 = enter(2);   // below it: lumped into the same node (before any folding)
        ts.exit(b2);
        ts.exit(b);
        ts.exit(a);
        ThreadTreeCopy c = ts.copy();
        assertThat(c.nodeMethod).containsExactly(-1, 1, ThreadTreeCopy.BEYOND);
        assertThat(c.nodeCalls).containsExactly(0, 1, 2);
        assertThat(c.foldedCalls).isZero();
        assertThat(c.beyondCalls).isEqualTo(2);
        assertThat(c.rowBeyondCalls[Trees.row(c, 2)]).as("both calls of 2, in its row").isEqualTo(2);
        assertThat(c.rowTotal[Trees.row(c, 2)]).as("its time on the stack, the outer call's").isPositive();
    }

    @Test
    void autoKeepsPathsUntilTheTreeIsBigThenFolds() {
        ProbeLimits.treeShape("auto", 3);
        ts = new ThreadState(Thread.currentThread(), true);
        int a = enter(1);
        int b = enter(2);
        int a2 = enter(1);   // the 3rd path: kept
        int b2 = enter(2);   // a 4th path is needed: folding begins, and this call folds into the first frame of 2
        ts.exit(b2);
        ts.exit(a2);
        ts.exit(b);
        ts.exit(a);
        ThreadTreeCopy c = ts.copy();
        assertThat(c.nodeMethod).containsExactly(-1, 1, 2, 1);
        assertThat(c.foldedCalls).isEqualTo(1);
        assertThat(c.foldedAfter).isEqualTo(3);
    }

    @Test
    void anEndedThreadGivesItsUnusedAllowanceBack() throws InterruptedException {
        ProbeLimits.set(64, 100, 10);
        NodeBudget.reset();
        ThreadState[] first = new ThreadState[1];
        Thread t = new Thread(() -> {
            ThreadState s = new ThreadState(Thread.currentThread(), true);
            for (int m = 1; m <= 10; m++) {
                s.enter(m);
                s.exit(s.depth);
            }
            first[0] = s;
        });
        t.start();
        t.join();
        assertThat(first[0].ended()).isTrue();
        ThreadState second = new ThreadState(Thread.currentThread(), true);
        second.enter(100);
        second.exit(second.depth);
        assertThat(second.copy().beyondCalls).as("the first thread holds the whole allowance").isEqualTo(1);
        TreeStorage.retire(first[0]);
        for (int m = 101; m <= 150; m++) {
            second.enter(m);
            second.exit(second.depth);
        }
        ThreadTreeCopy c = second.copy();
        assertThat(c.beyondCalls).isEqualTo(1);
        assertThat(c.nodeCount()).as("root, the node beyond the budget, 50 paths").isEqualTo(52);
        assertThat(first[0].copy().nodeCalls).hasSize(11).containsOnly(0L, 1L);
    }

    @Test
    void aThreadPastTheThreadLimitIsNotRecorded() {
        ThreadState off = new ThreadState(Thread.currentThread(), false);
        off.enter(1);
        assertThat(off.depth).isZero();
        off.exit(0);
        assertThat(off.copy().nodeCount()).isEqualTo(1);
    }

    @Test
    void aCopyIntoTheArraysOfALargerEarlierCopyHoldsExactlyTheNewTree() {
        ThreadState big = new ThreadState(Thread.currentThread(), true);
        for (int m = 1; m <= 50; m++) {
            big.enter(m);
            big.exit(big.depth);
        }
        ThreadTreeCopy.Reuse reuse = new ThreadTreeCopy.Reuse();
        ThreadTreeCopy first = big.copy(reuse);
        assertThat(first.nodeCount()).isEqualTo(51);
        for (int i = 0; i < 51; i++) {  // what the reused arrays leave behind
            first.nodeSelf[i] = 1_000_000 + i;
            first.nodeCalls[i] = 1_000_000 + i;
        }

        int a = enter(7);
        for (int i = 0; i < 3; i++) ts.exit(enter(8));
        ts.exit(a);
        ThreadTreeCopy fresh = ts.copy();
        ThreadTreeCopy reused = ts.copy(reuse);
        assertThat(reused.nodeMethod).as("the arrays of the first copy, longer than the tree").isSameAs(first.nodeMethod);
        assertThat(reused.nodeCount()).isEqualTo(fresh.nodeCount()).isEqualTo(3);
        for (int i = 0; i < 3; i++) {
            assertThat(reused.nodeMethod[i]).isEqualTo(fresh.nodeMethod[i]);
            assertThat(reused.nodeParent[i]).isEqualTo(fresh.nodeParent[i]);
            assertThat(reused.nodeCalls[i]).isEqualTo(fresh.nodeCalls[i]);
            assertThat(reused.nodeSelf[i]).as("node %d's self time", i).isBetween(0L, 1_000_000L);
        }
        assertThat(reused.nodeSelf[0]).as("the root's").isZero();
        assertThat(Trees.totals(reused)[1]).isGreaterThanOrEqualTo(Trees.totals(reused)[2]);
    }
}
