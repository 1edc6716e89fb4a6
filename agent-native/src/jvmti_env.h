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

// Creates the agent's JVMTI environment with its capabilities and event callbacks.
// Logs and returns null on failure. Events stay disabled until enabled below.
jvmtiEnv* create_jvmti_env(JavaVM* vm);

// Turns the ClassPrepare event on or off globally; logs and returns false on failure.
bool set_class_prepare_events(jvmtiEnv* jvmti, bool enabled);

}  // namespace candor
