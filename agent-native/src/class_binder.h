#pragma once

#include <jni.h>
#include <jvmti.h>

namespace candor {

// Binds the natives of agent-side Java classes (org.candor.probe.NativeClock,
// org.candor.agent.sampling.NativeSampler, ...) with RegisterNatives as each class is prepared, in
// whatever loader it appears, so the Java side needs no System.load.
//
// A binding is complete once its "final" copy is bound; from then on it no longer needs the
// ClassPrepare event. The event is switched off when every binding is complete and nothing else
// (the sampler) wants it. Until then every prepared copy is bound.
enum class BindUntil {
    BootLoaderCopy,  // the copy in the bootstrap loader: every parent-first loader resolves to it
    FirstCopy,       // the first copy in any loader (a class that lives in one agent jar)
};

// One entry for RegisterNatives. JNINativeMethod predates const-correct C++; the JVM does not write
// through these pointers.
inline JNINativeMethod native_method(const char* name, const char* signature, void* function) {
    return {const_cast<char*>(name), const_cast<char*>(signature), function};
}

struct ClassBinding {
    const char* signature;                      // JVM type signature, e.g. "Lorg/candor/probe/NativeClock;"
    bool (*register_natives)(JNIEnv*, jclass);  // logs and returns false when the class does not fit
    BindUntil until;
};

// Declares the bindings; called once at start-up, before ClassPrepare events are enabled.
// At most kMaxClassBindings.
constexpr int kMaxClassBindings = 8;
void set_class_bindings(const ClassBinding* bindings, int count);

// ClassPrepare: binds klass when its signature names a binding.
void bind_prepared_class(jvmtiEnv* jvmti, JNIEnv* jni, jclass klass, const char* signature);

// True when every binding has bound its final copy.
bool all_class_bindings_complete();

// For dynamic attach: binds the copies prepared before the agent arrived. Enable ClassPrepare
// first, so a class prepared during the scan is not missed.
void bind_loaded_classes(jvmtiEnv* jvmti, JNIEnv* jni);

}  // namespace candor
