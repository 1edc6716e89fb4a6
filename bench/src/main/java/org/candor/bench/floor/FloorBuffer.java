package org.candor.bench.floor;

/** A thread's event buffer for the floor probe: a ring of (method id, timestamp) pairs. */
public final class FloorBuffer {

    static final ThreadLocal<FloorBuffer> STATE = new ThreadLocal<>() {
        @Override protected FloorBuffer initialValue() {
            return new FloorBuffer();
        }
    };

    /** 512 longs (4 KiB): the ring stays in L1, so the floor pays for no cache misses a real buffer may have. */
    private static final int MASK = (1 << 9) - 1;

    private final long[] events = new long[MASK + 1];
    private int pos;

    /** Method id (~id for an exit) and timestamp, in two slots. */
    public void record(int methodId, long time) {
        int p = pos;
        long[] e = events;
        e[p] = methodId;
        e[p + 1] = time;
        pos = (p + 2) & MASK;
    }

    /** This thread's buffer. */
    public static FloorBuffer current() {
        return STATE.get();
    }

    /** Events written so far, modulo the ring size (for the check that the floor really records). */
    public int position() {
        return pos;
    }
}
