#pragma once

#include <jni.h>

namespace candor {

// JVM type signature of the class behind `candor counters` (bound only with the counters option).
constexpr const char kNativeCountersSignature[] = "Lorg/candor/agent/counters/NativeCounters;";

// Binds NativeCounters' natives:
//   static native String[] metrics0();        one row per metric of the catalogue, tab-separated:
//                                             name, unit (ns|events), available|unavailable,
//                                             read by, reason (empty when available), description
//   static native boolean select0(String m);  binds read0() to the reader of metric m (the calling
//                                             thread's counter restarts); false when m cannot be read
//   static native long read0();               one read, as NativeClock.ticks0() would do it
// Logs and returns false when the class does not declare them.
bool register_counter_natives(JNIEnv* jni, jclass klass);

}  // namespace candor
