package org.candor.agent.sampling;

/**
 * The natives of libcandor.so's stack sampler. The library binds them with RegisterNatives when this class is
 * prepared (as it binds {@code org.candor.probe.NativeClock}); without the library the first call throws
 * {@link UnsatisfiedLinkError}. Sampling itself is configured by the library's own options
 * ({@code -agentpath:libcandor.so=sample=cpu,interval=1000000,...}) and starts when the VM starts.
 */
final class NativeSampler {

    /** Index of each part of {@link #drain0()}'s result. */
    static final int STAT_NAMES = 0;      // String[]: counter names, e.g. "samples.delivered"
    static final int STAT_VALUES = 1;     // long[]: counter values, same order
    static final int METHOD_CLASSES = 2;  // String[]: per method id, the class signature "Lcom/acme/Foo;" ("" for a stub)
    static final int METHOD_NAMES = 3;    // String[]: method name (for a stub: its name, e.g. "itable stub")
    static final int METHOD_DESCRIPTORS = 4; // String[]: JVM descriptor "(I)V" ("" for a stub)
    static final int THREAD_IDS = 5;      // long[]: Java thread id (Thread.getId()) per sampled thread
    static final int THREAD_NAMES = 6;    // String[]: thread name
    static final int NODE_PARENTS = 7;    // int[][]: per thread, per node: parent node index (node 0 = root, parent -1)
    static final int NODE_METHODS = 8;    // int[][]: per thread, per node: method id (-1 for the root)
    static final int NODE_SELF_RUNNING = 9;  // long[][]: samples whose leaf is this node, thread running (cpu mode: all)
    static final int NODE_SELF_WAITING = 10; // long[][]: same, thread not running (wall mode: sleeping, blocked, waiting)
    static final int INTERVAL_NANOS = 11; // long[]: {the sampling interval in ns as actually used}
    static final int NODE_COUNTS = 12;    // int[]: per thread, its nodes: the first so many of each node array (longer
                                          // only in a snapshot0(reuse) result, whose arrays may have been reused)
    static final int TREE_GENERATION = 13; // long[]: {resets so far}: between two, a thread's tree only grows (nodes
                                           // appended, never changed in parent or method, up to the methods' numbering)
    static final int PARTS = 14;

    /** Index of each figure in {@link #counters0()}'s result (libcandor.so's sampler_natives.h). */
    static final int COUNTER_SAMPLES = 0;       // samples in the trees, since the last reset
    static final int COUNTER_DELIVERED = 1;     // sampling signals handled, since the last reset
    static final int COUNTER_FAILED = 2;        // walks that failed or faulted, since the last reset
    static final int COUNTER_DROPPED = 3;       // samples lost for lack of room, since the last reset
    static final int COUNTER_THREADS = 4;       // threads with samples in the trees
    static final int COUNTER_THREADS_LIVE = 5;  // threads registered for sampling now
    static final int COUNTER_PAUSED = 6;        // 1 while paused
    static final int COUNTER_WALL = 7;          // 1 in wall mode
    static final int COUNTER_INTERVAL_NS = 8;   // the interval in use
    static final int COUNTER_TIMER = 9;         // 1 perf SIGTRAP, 2 perf fasync, 3 thread CPU timer, 4 wall
    static final int COUNTER_NODES = 10;        // nodes of all trees
    static final int COUNTER_INTERVAL_REQUESTED_NS = 11;  // the interval asked for (interval=)
    static final int COUNTERS = 12;

    private NativeSampler() {}

    /** True when the library was loaded with sampling options and its sampler is running. */
    static native boolean running0();

    /**
     * Stops sampling for good (no further signals), lets the writer thread process every buffered sample, and
     * returns everything recorded as an Object[] of {@link #PARTS} parts indexed by the constants above.
     * Parents always have smaller indexes than their children. May be called once; later calls return null.
     */
    static native Object[] drain0();

    /**
     * Pauses sampling: every thread's timer closed and the wall sampler idle, so no signal reaches the program until
     * {@link #resume0()}; threads that start meanwhile get their timer then. False when the sampler does not run.
     */
    static native boolean pause0();

    /** Samples again after {@link #pause0()} (true at once when not paused); false when the sampler does not run. */
    static native boolean resume0();

    /**
     * Empties every tree (after taking in the samples taken so far) and starts the statistics afresh: later results
     * hold only what is sampled from now on. False when the sampler does not run.
     */
    static native boolean reset0();

    /**
     * What {@link #drain0()} returns, for the trees as they are now, while sampling goes on: the writer thread copies
     * them between two samples. Null when the sampler does not run (drained, or never started).
     *
     * @param reuse null, or an earlier result the caller is done with: thread i's tree goes into row i of its node
     *              arrays where they are long enough (then longer than the tree: {@link #NODE_COUNTS} says how much
     *              is the tree's), so that a live view's refresh does not allocate and zero them anew; arrays too short
     *              are replaced by new ones an eighth longer than the tree. Without it, every node array is exactly
     *              as long as its tree.
     */
    static native Object[] snapshot0(Object[] reuse);

    /** The calling thread (one of the agent's own) is not sampled from now on, and its samples so far are left out. */
    static native void ignoreCurrentThread0();

    /** The figures a status shows, by the {@code COUNTER_} indexes; all 0 without a sampler. */
    static native long[] counters0();
}
