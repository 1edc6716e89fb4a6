#pragma once

#include <jni.h>
#include <jvmti.h>

#include <cstdint>

namespace candor {

// Which methods run as compiled code, for the probes' calibration categories: every CompiledMethodLoad
// (the method and each method inlined into it) and CompiledMethodUnload is queued here; the agent's
// Java side drains the queue every few milliseconds and marks the methods in org.candor.probe.MethodKinds.
// The queue is bounded: past kMaxPending events new ones are counted as dropped.

// JVM type signature of the agent's class that declares the natives.
constexpr const char kCompiledMethodsSignature[] = "Lorg/candor/agent/calibration/CompiledMethods;";

// JVMTI callbacks (any thread); cheap until tracking was started by the Java side.
void compiled_method_load(jvmtiEnv* jvmti, jmethodID method, const void* code_address, const void* compile_info);
void compiled_method_unload(jmethodID method, const void* code_address);

// Binds CompiledMethods.start0()Z and drain0()[Ljava/lang/Object;.
bool register_compiled_methods_natives(JNIEnv* jni, jclass klass);

}  // namespace candor
