#include "sampler/thread_env.h"

#include <sys/uio.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace candor {

namespace {

// Where a JavaThread's JNIEnv may lie: inside the JavaThread, which is a few KiB.
constexpr std::intptr_t kMaxOffset = 64 * 1024;

}  // namespace

bool read_own_memory(const void* address, void* out, std::size_t size) {
    iovec local{out, size};
    iovec remote{const_cast<void*>(address), size};
    const ssize_t n = process_vm_readv(getpid(), &local, 1, &remote, 1, 0);
    if (n == static_cast<ssize_t>(size)) return true;
    if (n < 0 && (errno == ENOSYS || errno == EPERM)) {
        std::memcpy(out, address, size);  // the caller holds the thread alive; only a check is lost
        return true;
    }
    return false;
}

bool ThreadEnvFinder::init(JNIEnv* jni, jclass thread_class, jthread self, const char* field) {
    eetop_ = jni->GetFieldID(thread_class, field, "J");
    if (eetop_ == nullptr) {
        jni->ExceptionClear();
        why_ = std::string("java.lang.Thread has no field 'long ") + field + "' in this JVM";
        return false;
    }
    const jlong self_top = jni->GetLongField(self, eetop_);
    offset_ = reinterpret_cast<std::intptr_t>(jni) - static_cast<std::intptr_t>(self_top);
    if (self_top == 0 || offset_ <= 0 || offset_ >= kMaxOffset || offset_ % static_cast<std::intptr_t>(sizeof(void*)) != 0) {
        why_ = "the JNIEnv does not lie inside the thread that Thread.eetop points to (offset " +
               std::to_string(static_cast<long long>(offset_)) + ")";
        eetop_ = nullptr;
        return false;
    }
    functions_ = *reinterpret_cast<const void* const*>(jni);
    return true;
}

JNIEnv* ThreadEnvFinder::env_of(JNIEnv* jni, jthread thread) const {
    if (eetop_ == nullptr) return nullptr;
    const jlong top = jni->GetLongField(thread, eetop_);
    if (top == 0) return nullptr;
    auto* env = reinterpret_cast<JNIEnv*>(static_cast<std::intptr_t>(top) + offset_);
    const void* functions = nullptr;
    if (!read_own_memory(env, &functions, sizeof functions) || functions != functions_) return nullptr;
    return env;
}

}  // namespace candor
