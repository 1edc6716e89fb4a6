#pragma once

#include <jni.h>

namespace candor {

// JVM type signature of the agent's class that declares the sampler natives.
constexpr const char kNativeSamplerSignature[] = "Lorg/candor/agent/sampling/NativeSampler;";

// counters0()'s long[]: indexes, as NativeSampler's COUNTER_* constants repeat them.
enum SamplerCounter : int {
    kCounterSamples = 0,     // samples in the trees (since the last reset)
    kCounterDelivered = 1,   // sampling signals handled on sampled threads (since the last reset)
    kCounterFailed = 2,      // walks that failed or faulted (since the last reset)
    kCounterDropped = 3,     // samples lost for lack of room: buffer full, tree full (since the last reset)
    kCounterThreads = 4,     // threads with samples in the trees
    kCounterThreadsLive = 5, // threads registered for sampling now
    kCounterPaused = 6,      // 1 while paused
    kCounterWall = 7,        // 1 in wall mode
    kCounterIntervalNs = 8,  // the interval in use
    kCounterTimer = 9,       // TimerKind: 1 perf sigtrap, 2 perf fasync, 3 ctimer, 4 wall
    kCounterNodes = 10,      // nodes of all trees
    kCounterIntervalRequestedNs = 11,  // the interval asked for (interval=)
    kCounterCount = 12,
};

// Binds NativeSampler's natives of this class object: running0()Z, drain0()[Ljava/lang/Object;,
// and the control channel's pause0()Z, resume0()Z, reset0()Z, snapshot0([Ljava/lang/Object;)[Ljava/lang/Object;,
// ignoreCurrentThread0()V, counters0()[J. Bound whether or not sampling is on: without
// sample=... running0() is false, drain0() and snapshot0() null, the others false or nothing.
// Logs and returns false when the class does not declare them as expected.
bool register_sampler_natives(JNIEnv* jni, jclass klass);

}  // namespace candor
