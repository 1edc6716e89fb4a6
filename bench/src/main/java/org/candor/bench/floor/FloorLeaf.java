package org.candor.bench.floor;

import org.candor.probe.Clock;
import org.openjdk.jmh.annotations.CompilerControl;

/**
 * The floor: the least an entry/exit probe that records a timestamp at both ends can do. It sits where the agent puts
 * its probes (inside the out-of-line leaf, around the body) and does exactly "thread-local buffer + two timestamps":
 * on entry it looks the thread's buffer up in a {@link ThreadLocal}, reads {@link Clock#now()} (the JNI rdtsc the real
 * probes use) and writes method id + timestamp; after the body it reads the clock again and writes the exit record.
 * No call tree, no shadow stack, no overflow handling (the buffer is a ring).
 */
public final class FloorLeaf {

    static final int METHOD_ID = 7;

    private FloorLeaf() {}

    @CompilerControl(CompilerControl.Mode.DONT_INLINE)
    public static int leaf(int x) {
        FloorBuffer b = FloorBuffer.STATE.get();
        b.record(METHOD_ID, Clock.now());
        int r = x * 31 + 1;
        b.record(~METHOD_ID, Clock.now());
        return r;
    }

    /** Without the two clock reads: what the buffer alone costs. For the investigation, not the floor. */
    @CompilerControl(CompilerControl.Mode.DONT_INLINE)
    public static int leafNoClock(int x) {
        FloorBuffer b = FloorBuffer.STATE.get();
        b.record(METHOD_ID, 0L);
        int r = x * 31 + 1;
        b.record(~METHOD_ID, 0L);
        return r;
    }
}
