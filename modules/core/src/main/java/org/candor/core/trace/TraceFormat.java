package org.candor.core.trace;

import java.nio.charset.StandardCharsets;

/**
 * The numbers of the trace file format (docs/formats/trace.md), in one place: what the reader checks and the writer
 * writes agree by construction.
 */
public final class TraceFormat {

    /** {@code CNDTRACE}: the file's first 8 bytes. */
    static final byte[] MAGIC = "CNDTRACE".getBytes(StandardCharsets.US_ASCII);
    public static final int MAJOR = 1;
    /** The minor version this code writes; a reader reads any minor of its major. */
    public static final int MINOR = 1;
    public static final int HEADER_SIZE = 32;
    /** A period carries at most this many counters. */
    public static final int MAX_COUNTERS = 16;
    /** The header's CPU in a merged trace (0xFFFFFFFF read as a signed int). */
    public static final int MERGED_CPU = -1;

    public static final int TYPE_PERIOD = 1;
    public static final int TYPE_MARKER = 2;
    public static final int TYPE_META = 3;

    public static final int FLAG_FIRST = 1;
    public static final int FLAG_LAST = 2;
    public static final int FLAG_TICK = 4;
    /** Since 1.1: the period ends where the kernel switched the thread out. */
    public static final int FLAG_SWITCH = 8;
    /** Since 1.1: the thread on no CPU, from a switch out to its switch back in. */
    public static final int FLAG_OFF_CPU = 16;

    public static final int MARKER_POINT = 1;
    public static final int MARKER_PHASE_BEGIN = 2;
    public static final int MARKER_PHASE_END = 3;
    public static final int MARKER_GC_BEGIN = 4;
    public static final int MARKER_GC_END = 5;

    /** Every record's first 8 bytes: size, type, flags, thread. */
    static final int RECORD_HEADER = 8;
    /** The smallest period or marker (a marker without text). */
    static final int MIN_RECORD = 24;
    static final int PERIOD_BASE = 40;
    static final int MARKER_BASE = 24;
    public static final int MAX_MARKER_TEXT = 1024;
    /** The largest size a u16 size field can give while staying a multiple of 8. */
    static final int MAX_SIZED_RECORD = 65528;
    /**
     * Bound on a merged trace's meta text: the length field is a u32 from the file, so it is checked against the
     * file's size and this cap before anything is allocated by it.
     */
    static final int MAX_META = 256 << 20;

    private TraceFormat() {}

    /** The size of a period record with {@code k} counters. */
    public static int periodSize(int k) {
        return PERIOD_BASE + 8 * k;
    }

    static long roundUp8(long n) {
        return (n + 7) & ~7L;
    }

    /** The name of a marker kind as dump and stats show it. */
    public static String markerKind(int kind) {
        switch (kind) {
            case MARKER_POINT: return "point";
            case MARKER_PHASE_BEGIN: return "phase-begin";
            case MARKER_PHASE_END: return "phase-end";
            case MARKER_GC_BEGIN: return "gc-begin";
            case MARKER_GC_END: return "gc-end";
            default: return "kind-" + kind;
        }
    }
}
