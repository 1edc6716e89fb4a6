package org.candor.probe;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Ended threads folded into one tree per name (a thread storm): the group's tree holds every path of its threads
 * with their calls and times summed, every method's figures are the sums of its threads', and the threads leave the
 * registry, so that the thread limit and the memory count live threads.
 */
class EndedThreadsTest {

    private static final int A = 1;
    private static final int B = 2;
    private static final int C = 3;

    @BeforeEach
    void limits() {
        ProbeLimits.set(1_000, 100, 10_000);
        ProbeLimits.treeShape("keep", 1_000_000);
        NodeBudget.reset();
        Recording.start();
    }

    @AfterEach
    void restore() {
        ProbeLimits.set(4_000_000, 100_000, 10_000);
        ProbeLimits.treeShape("auto", 1_000_000);
        ProbeLimits.endedKept = 1_000;
        NodeBudget.reset();
    }

    @Test
    void aGroupIsNamedAfterItsThreadsWithTheirNumbersLeftOut() {
        assertThat(EndedThreads.pattern("pool-3-thread-17")).isEqualTo("pool-*-thread-*");
        assertThat(EndedThreads.pattern("w-0")).isEqualTo("w-*");
        assertThat(EndedThreads.pattern("main")).isEqualTo("main");
        assertThat(EndedThreads.pattern("2024x")).isEqualTo("*x");
    }

    @Test
    void foldedThreadsAddUpPathByPathAndMethodByMethod() throws InterruptedException {
        List<ThreadState> ended = new ArrayList<>();
        ended.add(ended("w-1", A, B, B));
        ended.add(ended("w-2", A, B));
        ended.add(ended("w-3", A, C));
        ended.add(ended("other", A, C));
        EndedThreads folds = new EndedThreads();
        for (ThreadState s : ended) assertThat(folds.fold(s)).isTrue();

        ThreadState[] groups = folds.groups();
        assertThat(groups).extracting(g -> g.threadName).containsExactly("w-* (ended threads)", "other (ended threads)");
        assertThat(folds.threadsPerGroup()).containsExactly(3, 1);
        assertThat(folds.folded()).isEqualTo(4);
        ThreadTreeCopy w = groups[0].copy();
        assertThat(w.nodeMethod).containsExactly(-1, A, B, C);
        assertThat(w.nodeParent).containsExactly(-1, 0, 1, 1);
        assertThat(w.nodeCalls).containsExactly(0, 3, 3, 1);
        assertThat(w.threadId).isEqualTo(ended.get(0).threadId);
        assertThat(w.alive).isFalse();
        // every method's self time and time on the stack are its threads' sums
        for (int m : new int[] {A, B, C}) {
            long self = 0;
            long total = 0;
            for (ThreadState s : ended.subList(0, 3)) {
                ThreadTreeCopy c = s.copy();
                self += selfOf(c, m);
                if (Trees.row(c, m) >= 0) total += c.rowTotal[Trees.row(c, m)];
            }
            assertThat(selfOf(w, m)).as("self of %d", m).isEqualTo(self).isPositive();
            assertThat(w.rowTotal[Trees.row(w, m)]).as("total of %d", m).isEqualTo(total).isPositive();
        }
        // and the calibration's section counts go with them
        long sections = 0;
        for (ThreadState s : ended.subList(0, 3)) sections += sections(s);
        assertThat(sections(groups[0])).isEqualTo(sections);
        long[] adjust = w.nodeAdjust;
        if (adjust != null) {
            long sum = 0;
            for (ThreadState s : ended.subList(0, 3)) for (long a : s.copy().nodeAdjust) sum += a;
            long folded = 0;
            for (long a : adjust) folded += a;
            assertThat(folded).isEqualTo(sum);
        }
    }

    @Test
    void aThreadWhoseMissingPathsFindNoBudgetKeepsItsOwnTree() throws InterruptedException {
        ProbeLimits.set(6, 100, 10_000);
        NodeBudget.reset();
        EndedThreads folds = new EndedThreads();
        ThreadState first = ended("w-1", A, B);
        NodeBudget.giveBack(first.nodesGranted - first.nodeCount);  // as the registry's retirement does
        first.nodesGranted = first.nodeCount;
        assertThat(folds.fold(first)).isTrue();
        ThreadState second = ended("w-2", A, C);
        // the group lacks A -> C, and the second thread's allowance is all the budget has left
        NodeBudget.giveBack(second.nodesGranted - second.nodeCount);
        second.nodesGranted = second.nodeCount;
        assertThat(NodeBudget.takeExactly(6 - 2 - 2)).isTrue();
        assertThat(folds.fold(second)).isFalse();
        assertThat(folds.groups()[0].copy().nodeCalls).as("nothing of it was added").containsExactly(0, 1, 1);
    }

    @Test
    void aResetStartsTheGroupsAfreshAndKeepsTheirSections() throws InterruptedException {
        EndedThreads folds = new EndedThreads();
        ThreadState first = ended("w-1", A, B);
        assertThat(folds.fold(first)).isTrue();
        Recording.reset();
        assertThat(folds.groups()).isEmpty();
        assertThat(folds.folded()).isZero();
        assertThat(folds.fold(ended("w-2", A, C))).isTrue();
        assertThat(folds.groups()[0].copy().nodeMethod).containsExactly(-1, A, C);
        // the calibration counts every thread's sections, over the whole session
        assertThat(sections(folds.gone)).isEqualTo(sections(first)).isPositive();
    }

    /** All calibration sections a state counted (0 with calibration off). */
    private static long sections(ThreadState s) {
        long n = 0;
        int[][] counts = s.sectionCounts();
        if (counts == null) return 0;
        for (int[] c : counts) if (c != null) for (int k : c) n += k;
        return n;
    }

    @Test
    void aThreadStormKeepsTheThreadLimitForLiveThreadsAndLosesNoCall() throws InterruptedException {
        ProbeLimits.set(1_000_000, 100, 20);
        ProbeLimits.endedKept = 5;
        NodeBudget.reset();
        long notRecordedBefore = ThreadRegistry.threadsNotRecorded();
        int threads = 200;
        for (int i = 0; i < threads; i++) {
            Thread t = new Thread(() -> {
                ThreadState s = ThreadRegistry.register(Thread.currentThread());
                call(s, A, B, C);
            }, "storm-" + i);
            t.start();
            t.join();
        }
        assertThat(ThreadRegistry.threadsNotRecorded()).as("every thread recorded").isEqualTo(notRecordedBefore);
        String[] groups = ThreadRegistry.foldedGroupNames();
        long folded = 0;
        for (int i = 0; i < groups.length; i++) {
            if (groups[i].equals("storm-* (ended threads)")) folded = ThreadRegistry.foldedGroupThreads()[i];
        }
        assertThat(folded).as("all but the kept and the few not yet looked at").isGreaterThan(threads - 5 - 20);
        long calls = 0;
        int own = 0;
        for (ThreadState s : ThreadRegistry.all()) {
            if (!s.threadName.startsWith("storm-")) continue;
            if (!s.threadName.endsWith(EndedThreads.SUFFIX)) own++;
            for (long c : s.copy().nodeCalls) calls += c;
        }
        assertThat(own).as("threads with their own trees").isLessThanOrEqualTo(threads - (int) folded);
        assertThat(calls).as("every call of every thread, in its own tree or its group's").isEqualTo(3L * threads);
    }

    private static long selfOf(ThreadTreeCopy c, int method) {
        long self = 0;
        for (int i = 1; i < c.nodeCount(); i++) if (c.nodeMethod[i] == method) self += c.nodeSelf[i];
        return self;
    }

    /** A thread named {@code name} that calls {@code outer}, which calls each of {@code inner}, then ends. */
    private static ThreadState ended(String name, int outer, int... inner) throws InterruptedException {
        ThreadState[] state = new ThreadState[1];
        Thread t = new Thread(() -> {
            ThreadState s = new ThreadState(Thread.currentThread(), true);
            call(s, outer, inner);
            state[0] = s;
        }, name);
        t.start();
        t.join();
        assertThat(state[0].ended()).isTrue();
        return state[0];
    }

    private static void call(ThreadState s, int outer, int... inner) {
        s.enter(outer);
        int f = s.frame;
        for (int m : inner) {
            s.enter(m);
            spin(10_000);
            s.exit(s.frame);
        }
        s.exit(f);
    }

    private static void spin(long nanos) {
        long end = System.nanoTime() + nanos;
        while (System.nanoTime() < end) Thread.onSpinWait();
    }
}
