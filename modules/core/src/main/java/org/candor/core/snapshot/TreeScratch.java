package org.candor.core.snapshot;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * The writer's working memory for one tree, 16 bytes a node: where each node's children start in a shared children
 * array (4 bytes; a node's children are {@code children[start(p)]} to {@code children[start(p + 1) - 1]}), that
 * array (4), and each node's extent (8). It lives outside the Java heap where the JVM allows (the agent writes inside
 * the profiled program, whose heap is not ours to fill), in chunks, and is reused from tree to tree: {@link #take}
 * and {@link #giveBack} keep one scratch of at most {@link #KEPT_BYTES} for the next writer, since fresh direct
 * memory is zeroed (a fifth of a live refresh's time on 750,000 nodes, where each refresh is a new writer).
 */
final class TreeScratch {

    /** The largest scratch kept between writers: trees of up to about a million nodes. */
    static final long KEPT_BYTES = 16L << 20;
    private static final java.util.concurrent.atomic.AtomicReference<TreeScratch> SPARE =
            new java.util.concurrent.atomic.AtomicReference<>();

    /** The scratch a finished writer gave back, or a new one. */
    static TreeScratch take() {
        TreeScratch s = SPARE.getAndSet(null);
        return s != null ? s : new TreeScratch();
    }

    /** Done with it: kept for the next writer when it is small enough, else left to the collector. */
    void giveBack() {
        if (bytes() <= KEPT_BYTES) SPARE.set(this);
    }

    private long bytes() {
        long sum = 0;
        for (ByteBuffer[] chunks : new ByteBuffer[][] {starts, children, extents}) {
            for (ByteBuffer b : chunks) if (b != null) sum += b.capacity();
        }
        return sum;
    }

    private static final int CHUNK_SHIFT = 22;
    private static final int CHUNK_ENTRIES = 1 << CHUNK_SHIFT;
    private static final int INDEX_MASK = CHUNK_ENTRIES - 1;

    private ByteBuffer[] starts = new ByteBuffer[0];
    private ByteBuffer[] children = new ByteBuffer[0];
    private ByteBuffer[] extents = new ByteBuffer[0];

    /** Room for a tree of {@code nodes} nodes; what the previous tree left is garbage. */
    void reserve(int nodes) {
        starts = reserve(starts, nodes + 1L, 4);
        children = reserve(children, nodes, 4);
        extents = reserve(extents, nodes, 8);
    }

    private static ByteBuffer[] reserve(ByteBuffer[] chunks, long entries, int width) {
        int needed = (int) ((entries + CHUNK_ENTRIES - 1) >>> CHUNK_SHIFT);
        if (needed > chunks.length) chunks = Arrays.copyOf(chunks, needed);
        for (int c = 0; c < needed; c++) {
            long inChunk = Math.min(CHUNK_ENTRIES, entries - ((long) c << CHUNK_SHIFT));
            if (chunks[c] == null || chunks[c].capacity() < inChunk * width) {
                // small trees get small chunks: a thread with ten calls should not cost megabytes
                long size = Math.min(CHUNK_ENTRIES, Long.highestOneBit(Math.max(inChunk, 64) * 2 - 1));
                chunks[c] = allocate((int) size * width);
            }
        }
        return chunks;
    }

    private static ByteBuffer allocate(int bytes) {
        ByteBuffer b;
        try {
            b = ByteBuffer.allocateDirect(bytes);
        } catch (OutOfMemoryError e) {
            b = ByteBuffer.allocate(bytes); // direct memory is capped (-XX:MaxDirectMemorySize): the heap then
        }
        return b.order(ByteOrder.nativeOrder());
    }

    int start(int node) { return starts[node >>> CHUNK_SHIFT].getInt((node & INDEX_MASK) << 2); }
    void start(int node, int v) { starts[node >>> CHUNK_SHIFT].putInt((node & INDEX_MASK) << 2, v); }

    int child(int i) { return children[i >>> CHUNK_SHIFT].getInt((i & INDEX_MASK) << 2); }
    void child(int i, int v) { children[i >>> CHUNK_SHIFT].putInt((i & INDEX_MASK) << 2, v); }

    long extent(int node) { return extents[node >>> CHUNK_SHIFT].getLong((node & INDEX_MASK) << 3); }
    void extent(int node, long v) { extents[node >>> CHUNK_SHIFT].putLong((node & INDEX_MASK) << 3, v); }
}
