package org.candor.probe;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Stop, start and reset as one thread's probes see them: the thread does the work on its own next call. */
class RecordingTest extends ThreadStateFixture {

    @Test
    void callsWhileStoppedAreNotRecordedAndTheirExitsChangeNothing() {
        int a = enter(1);
        Recording.stop();
        int b = enter(2);
        assertThat(b).isZero();
        exit(b);
        assertThat(ts.depth).isEqualTo(1);
        Recording.start();
        int c = enter(3);
        exit(c);
        exit(a);
        ThreadTreeCopy copy = ts.copy();
        assertThat(copy.nodeMethod).containsExactly(-1, 1, 3);
        assertThat(copy.nodeCalls).containsExactly(0, 1, 1);
        assertThat(ts.depth).isZero();
    }

    @Test
    void aResetClearsTheTreeOnTheNextCallAndKeepsOpenCallsAsFreshNodes() {
        int a = enter(1);
        for (int i = 0; i < 5; i++) exit(enter(2));
        int b = enter(3);
        assertThat(ts.current()).isTrue();
        Recording.reset();
        assertThat(ts.current()).as("stale until its own next call").isFalse();
        int c = enter(4);
        assertThat(ts.current()).isTrue();
        exit(c);
        exit(b);
        exit(a);
        ThreadTreeCopy copy = ts.copy();
        assertThat(copy.nodeMethod).containsExactly(-1, 1, 3, 4);
        assertThat(copy.nodeParent).containsExactly(-1, 0, 1, 2);
        assertThat(copy.nodeCalls).containsExactly(0, 0, 0, 1);
        assertThat(Trees.totals(copy)[1]).isGreaterThanOrEqualTo(Trees.totals(copy)[2]);
        assertThat(ts.depth).isZero();
        // the same path again finds the re-created nodes
        int d = enter(1);
        exit(enter(2));
        exit(d);
        assertThat(ts.copy().nodeMethod).containsExactly(-1, 1, 3, 4, 2);
    }

    @Test
    void aThreadThatRecordedNothingSinceTheResetIsNotCurrent() {
        exit(enter(1));
        Recording.reset();
        assertThat(ts.current()).isFalse();
        assertThat(ts.calls()).isEqualTo(1);
    }
}
