package org.candor.agent.sampling;

/**
 * Test copy of the agent's sampler class (modules/agent, org.candor.agent.sampling.NativeSampler) with the same
 * natives and part constants, which libcandor.so binds when the class is prepared. {@link #main} runs a workload of
 * {@link SamplerDriver} in a child JVM started with -agentpath, then drains and prints key=value lines for
 * NativeAgentTest.
 */
public final class NativeSampler {

    static final int STAT_NAMES = 0;
    static final int STAT_VALUES = 1;
    static final int METHOD_CLASSES = 2;
    static final int METHOD_NAMES = 3;
    static final int METHOD_DESCRIPTORS = 4;
    static final int THREAD_IDS = 5;
    static final int THREAD_NAMES = 6;
    static final int NODE_PARENTS = 7;
    static final int NODE_METHODS = 8;
    static final int NODE_SELF_RUNNING = 9;
    static final int NODE_SELF_WAITING = 10;
    static final int INTERVAL_NANOS = 11;
    static final int NODE_COUNTS = 12;
    static final int TREE_GENERATION = 13;
    static final int PARTS = 14;

    static final int COUNTER_SAMPLES = 0;
    static final int COUNTER_DELIVERED = 1;
    static final int COUNTER_FAILED = 2;
    static final int COUNTER_DROPPED = 3;
    static final int COUNTER_THREADS = 4;
    static final int COUNTER_THREADS_LIVE = 5;
    static final int COUNTER_PAUSED = 6;
    static final int COUNTER_WALL = 7;
    static final int COUNTER_INTERVAL_NS = 8;
    static final int COUNTER_TIMER = 9;
    static final int COUNTER_NODES = 10;
    static final int COUNTER_INTERVAL_REQUESTED_NS = 11;

    private NativeSampler() {
    }

    static native boolean running0();

    static native Object[] drain0();

    static native boolean pause0();

    static native boolean resume0();

    static native boolean reset0();

    static native Object[] snapshot0(Object[] reuse);

    static native void ignoreCurrentThread0();

    static native long[] counters0();

    public static void main(String[] args) throws Exception {
        SamplerDriver.main(args);
    }
}
