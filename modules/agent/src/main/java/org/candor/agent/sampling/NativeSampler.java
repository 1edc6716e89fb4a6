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
    static final int PARTS = 12;

    private NativeSampler() {}

    /** True when the library was loaded with sampling options and its sampler is running. */
    static native boolean running0();

    /**
     * Stops sampling for good (no further signals), lets the writer thread process every buffered sample, and
     * returns everything recorded as an Object[] of {@link #PARTS} parts indexed by the constants above.
     * Parents always have smaller indexes than their children. May be called once; later calls return null.
     */
    static native Object[] drain0();
}
