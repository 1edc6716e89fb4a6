package org.candor.probe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * A delayed start (JPROF's DELAY_START): until the first start, calls are not recorded but still calibrate, and
 * recording that starts while their frames are open builds a correct tree.
 */
class DelayedStartTest extends ThreadStateFixture {

    private static final int I = MethodKinds.INTERPRETED;
    private static final int O = MethodKinds.OTHER;

    private long sections(int category) {
        int[] row = ts.sectionCounts()[category];
        long n = 0;
        if (row != null) for (int c : row) n += c;
        return n;
    }

    @Test
    void callsWhileTheStartWaitsCalibrateButRecordNothing() {
        MethodKinds.otherCompilation();  // the warm-up begins after the first compilation
        assumeThat(Calibration.warmupPhase()).as("warm-up not over in this JVM").isNotEqualTo(Calibration.Warmup.DONE);
        long warmupBefore = Calibration.warmupEvents();
        Recording.delayStart();
        assertThat(Recording.recording()).isFalse();

        int a = enter(1);
        assertThat(a).as("a frame of its own, so that its exit pairs").isEqualTo(1);
        for (int i = 0; i < 5000; i++) exit(enter(2));
        exit(a);

        ThreadTreeCopy copy = ts.copy();
        assertThat(copy.nodeMethod).as("no node").containsExactly(-1);
        assertThat(copy.droppedCalls).as("nothing counted, not even as dropped").isZero();
        assertThat(ts.calls()).isZero();
        assertThat(ts.depth).isZero();
        // the leaf's sections, in the category of the kinds its frames keep (not the 'other' of a frame without node)
        int leaf = Calibration.category(Calibration.ENTRY, I, I, Calibration.EXIT, I);
        assertThat(sections(leaf)).isEqualTo(5000);
        assertThat(sections(Calibration.category(Calibration.ENTRY, O, O, Calibration.EXIT, O))).isZero();
        assertThat(Calibration.SEEN[leaf]).isEqualTo(Calibration.CONFIDENT);
        assertThat(Calibration.MIN[leaf]).isLessThan(Long.MAX_VALUE);
        assertThat(Calibration.warmupEvents()).as("the warm-up went on").isGreaterThan(warmupBefore);
    }

    @Test
    void recordingThatStartsInsideUnrecordedFramesHangsItsCallsUnderTheThreadsRoot() {
        Recording.delayStart();
        int a = enter(1);
        int b = enter(2);
        assertThat(b).isEqualTo(2);
        Recording.start();
        for (int i = 0; i < 5; i++) {
            int c = enter(3);
            exit(enter(4));
            exit(c);
        }
        int open = enter(5);  // left open: the exit of a below closes it, as after an exception
        assertThat(open).isEqualTo(3);
        exit(b);
        exit(a);
        assertThat(ts.depth).isZero();

        ThreadTreeCopy copy = ts.copy();
        assertThat(copy.nodeMethod).containsExactly(-1, 3, 4, 5);
        assertThat(copy.nodeParent).containsExactly(-1, 0, 1, 0);
        assertThat(copy.nodeCalls).containsExactly(0, 5, 5, 1);
        assertThat(copy.droppedCalls).isZero();
        assertThat(Trees.totals(copy)[1]).isGreaterThanOrEqualTo(Trees.totals(copy)[2]);
        for (int n = 1; n < copy.nodeCount(); n++) assertThat(copy.nodeAdjust[n]).isBetween(0L, copy.nodeSelf[n]);

        int again = enter(1);
        exit(enter(2));
        exit(again);
        assertThat(ts.copy().nodeMethod).as("recorded from now on, every frame paired").containsExactly(-1, 3, 4, 5, 1, 2);
        assertThat(ts.depth).isZero();
    }

    @Test
    void aRecordedCallerKeepsItsCalleesAcrossUnrecordedFramesBetween() {
        int a = enter(1);
        Recording.delayStart();
        int b = enter(2);
        exit(enter(6));
        Recording.start();
        exit(enter(3));
        exit(b);
        exit(a);
        ThreadTreeCopy copy = ts.copy();
        assertThat(copy.nodeMethod).containsExactly(-1, 1, 3);
        assertThat(copy.nodeParent).containsExactly(-1, 0, 1);
        assertThat(copy.nodeCalls).containsExactly(0, 1, 1);
        assertThat(ts.depth).isZero();
    }

    @Test
    void aResetWhileUnrecordedFramesAreOpenKeepsThemUnrecorded() {
        Recording.delayStart();
        int a = enter(1);
        int b = enter(2);
        Recording.reset();
        exit(enter(7));  // still waiting: catches up with the reset, records nothing
        Recording.start();
        exit(enter(3));
        exit(b);
        exit(a);
        ThreadTreeCopy copy = ts.copy();
        assertThat(copy.nodeMethod).containsExactly(-1, 3);
        assertThat(copy.nodeParent).containsExactly(-1, 0);
        assertThat(copy.droppedCalls).isZero();
        assertThat(ts.current()).isTrue();
    }

    @Test
    void aPlainStopKeepsStoppedCallsAsCheapAsBefore() {
        exit(enter(1));
        Recording.stop();
        assertThat(Recording.calibratingWhileStopped()).isFalse();
        int b = enter(2);
        assertThat(b).as("no frame, no clock reading").isZero();
        exit(b);
        assertThat(sections(Calibration.category(Calibration.EXIT, I, O, Calibration.ENTRY, I))).isZero();
        Recording.delayStart();
        Recording.start();
        assertThat(Recording.calibratingWhileStopped()).as("only until the first start").isFalse();
    }

    /**
     * Roots (Lazy, Eager): a root opened while the start waits lets its callees calibrate, but once recording starts
     * it is no recorded root, so its callees are not recorded; the next root call records.
     */
    @Test
    void aRootOpenedBeforeTheStartDoesNotMakeItsCalleesRecorded() throws Exception {
        Recording.delayStart();
        AtomicReference<Object> result = new AtomicReference<>();
        Thread t = new Thread(() -> {
            try {
                ThreadState s = Probe.enterRoot(10);
                int root = s.frame;
                s = Probe.enterInner(11);
                int inner = s.frame;
                Probe.exit(s, inner);
                Recording.start();
                s = Probe.enterInner(11);
                int afterStart = s.frame;
                Probe.exit(s, afterStart);
                Probe.exit(s, root);
                s = Probe.enterRoot(10);
                int recordedRoot = s.frame;
                s = Probe.enterInner(11);
                Probe.exit(s, s.frame);
                Probe.exit(s, recordedRoot);
                result.set(new Object[] {root, inner, afterStart, s.depth, s.copy()});
            } catch (Throwable e) {
                result.set(e);
            }
        });
        t.start();
        t.join();
        assertThat(result.get()).isInstanceOf(Object[].class);
        Object[] r = (Object[]) result.get();
        assertThat((int) r[0]).as("root while waiting").isEqualTo(1);
        assertThat((int) r[1]).as("inner method inside it, calibrated").isEqualTo(2);
        assertThat((int) r[2]).as("inner method after the start, under the unrecorded root").isZero();
        assertThat((int) r[3]).isZero();
        ThreadTreeCopy copy = (ThreadTreeCopy) r[4];
        assertThat(copy.nodeMethod).containsExactly(-1, 10, 11);
        assertThat(copy.nodeParent).containsExactly(-1, 0, 1);
    }
}
