package org.candor.probe;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/** One recording thread state per test, small node and depth limits, recording on; the defaults restored after. */
abstract class ThreadStateFixture {

    ThreadState ts;

    @BeforeEach
    void fresh() {
        ProbeLimits.set(1_000, 100, 10_000);
        NodeBudget.reset();
        Recording.start();
        ts = new ThreadState(Thread.currentThread(), true);
    }

    @AfterEach
    void restore() {
        Recording.start();
        ProbeLimits.set(4_000_000, 100_000, 10_000);
        NodeBudget.reset();
    }

    /** An instrumented method's entry: the frame its exit hands back (0 when the call is not recorded). */
    int enter(int method) {
        ts.enter(method);
        return ts.frame;
    }

    void exit(int frame) {
        if (frame != 0) ts.exit(frame);
    }
}
