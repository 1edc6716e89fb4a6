#pragma once

#include <jni.h>
#include <jvmti.h>

#include <cstddef>
#include <cstdint>
#include <string>

namespace candor {

// The JNIEnv of another Java thread, which JNI and JVMTI never hand out: java.lang.Thread's private
// `long eetop` holds the thread's HotSpot JavaThread*, and the JNIEnv is a field of the JavaThread,
// at the same offset in every thread. The offset is learned from the calling thread (its eetop
// against its own JNIEnv), and every env found with it is checked: a JNIEnv's first word is the JNI
// function table, the same one for all threads. A JVM without `eetop`, or an offset or env that
// fails the checks, yields no env (the thread then is not sampled), never a guess.
class ThreadEnvFinder {
public:
    // False, with why(), when this JVM gives no way; `self` is the calling thread's object. The
    // field is "eetop" (another name only to test the way without it).
    bool init(JNIEnv* jni, jclass thread_class, jthread self, const char* field = "eetop");
    // Null when the thread has not started or has ended, or its env fails the check.
    JNIEnv* env_of(JNIEnv* jni, jthread thread) const;
    const std::string& why() const { return why_; }

private:
    jfieldID eetop_ = nullptr;
    std::intptr_t offset_ = 0;
    const void* functions_ = nullptr;
    std::string why_;
};

// Reads `size` bytes at `address` of this process without faulting (process_vm_readv): false when
// they are not mapped. Falls back to a plain read when the system call is refused.
bool read_own_memory(const void* address, void* out, std::size_t size);

}  // namespace candor
