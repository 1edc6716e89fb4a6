#include "agent_thread.h"

#include "log.h"

namespace candor {

bool start_agent_thread(jvmtiEnv* jvmti, JNIEnv* jni, const char* name, jvmtiStartFunction body, void* arg,
                        jthread* out) {
    jclass thread_class = jni->FindClass("java/lang/Thread");
    jmethodID constructor = thread_class != nullptr ? jni->GetMethodID(thread_class, "<init>", "(Ljava/lang/String;)V") : nullptr;
    jstring thread_name = constructor != nullptr ? jni->NewStringUTF(name) : nullptr;
    jobject thread = thread_name != nullptr ? jni->NewObject(thread_class, constructor, thread_name) : nullptr;
    jthread global = thread != nullptr ? static_cast<jthread>(jni->NewGlobalRef(thread)) : nullptr;
    if (jni->ExceptionCheck()) jni->ExceptionClear();
    if (thread != nullptr) jni->DeleteLocalRef(thread);
    if (thread_name != nullptr) jni->DeleteLocalRef(thread_name);
    if (thread_class != nullptr) jni->DeleteLocalRef(thread_class);
    if (global == nullptr) {
        log_line("cannot create the thread object for %s", name);
        return false;
    }
    *out = global;
    const jvmtiError err = jvmti->RunAgentThread(global, body, arg, JVMTI_THREAD_NORM_PRIORITY);
    if (err != JVMTI_ERROR_NONE) {
        log_line("JVMTI RunAgentThread failed for %s (error %d)", name, static_cast<int>(err));
        *out = nullptr;
        jni->DeleteGlobalRef(global);
        return false;
    }
    return true;
}

}  // namespace candor
