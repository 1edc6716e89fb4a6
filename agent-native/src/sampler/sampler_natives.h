#pragma once

#include <jni.h>

namespace candor {

// JVM type signature of the agent's class that declares the sampler natives.
constexpr const char kNativeSamplerSignature[] = "Lorg/candor/agent/sampling/NativeSampler;";

// Binds NativeSampler.running0()Z and drain0()[Ljava/lang/Object; of this class object. Bound
// whether or not sampling is on: without sample=... running0() is false and drain0() null.
// Logs and returns false when the class does not declare them as expected.
bool register_sampler_natives(JNIEnv* jni, jclass klass);

}  // namespace candor
