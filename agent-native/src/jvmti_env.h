#pragma once

#include <jvmti.h>

#include <cstddef>

namespace candor {

// Owns a buffer that JVMTI allocated (class signatures, class lists) and deallocates it.
template <typename T>
class JvmtiBuffer {
public:
    explicit JvmtiBuffer(jvmtiEnv* jvmti) : jvmti_(jvmti) {}
    ~JvmtiBuffer() {
        if (ptr_ != nullptr) jvmti_->Deallocate(reinterpret_cast<unsigned char*>(ptr_));
    }
    JvmtiBuffer(const JvmtiBuffer&) = delete;
    JvmtiBuffer& operator=(const JvmtiBuffer&) = delete;

    T** out() { return &ptr_; }
    T* get() const { return ptr_; }
    T& operator[](std::size_t i) const { return ptr_[i]; }

private:
    jvmtiEnv* jvmti_;
    T* ptr_ = nullptr;
};

// Local frame capacity for walking GetLoadedClasses (one local reference per class): HotSpot's
// largest allowed capacity (MaxJNILocalCapacity); blocks are allocated as they fill, not up front.
constexpr jint kLoadedClassesFrame = 65536;

// Creates the agent's JVMTI environment with its capabilities and event callbacks.
// Compiled-method-load events are always possible (the sampler and calibration use them); garbage
// collection events only when `tracing` (a trace marks collections).
// Logs and returns null on failure. Events stay disabled until enabled below.
jvmtiEnv* create_jvmti_env(JavaVM* vm, bool tracing);

// Turns the ClassPrepare event on or off globally; logs and returns false on failure.
bool set_class_prepare_events(jvmtiEnv* jvmti, bool enabled);

// Enables the events the stack sampler needs: VMInit (unless attaching: the VM is live already),
// VMDeath, ThreadStart/End, ClassLoad (AsyncGetCallTrace refuses to run unless some environment
// has it enabled), CompiledMethodLoad/Unload (also makes the JIT keep the debug information
// that inlined frames need) and DynamicCodeGenerated. Logs and returns false on failure.
bool enable_sampler_events(jvmtiEnv* jvmti, bool attaching);

// Tracing: GarbageCollectionStart/Finish, where the VM offers them (a trace without them has no GC markers).
bool enable_trace_events(jvmtiEnv* jvmti);

// Enables VMInit (the Java half of a session=FILE launch starts there); logs and returns false on failure.
bool enable_vm_init_events(jvmtiEnv* jvmti);

// Enables CompiledMethodLoad/Unload (calibration's compiled-method tracking); logs and returns false
// on failure.
bool enable_compiled_method_events(jvmtiEnv* jvmti);

}  // namespace candor
