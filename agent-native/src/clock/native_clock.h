#pragma once

#include <jni.h>

#include "clock/clock_source.h"

namespace candor {

// JVM type signature of the probe class that declares the clock natives.
constexpr const char kNativeClockSignature[] = "Lorg/candor/probe/NativeClock;";

// Binds NativeClock.ticks0()/source0() of this class object to the given source. Logs and
// returns false when the class does not declare them as expected.
bool register_native_clock(JNIEnv* jni, jclass klass, ClockSource source);

}  // namespace candor
