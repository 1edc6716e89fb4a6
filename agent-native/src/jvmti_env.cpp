#include "jvmti_env.h"

#include <cstring>

#include "clock/native_clock_binder.h"
#include "log.h"

namespace candor {

namespace {

void JNICALL on_class_prepare(jvmtiEnv* jvmti, JNIEnv* jni, jthread, jclass klass) {
    bind_if_native_clock(jvmti, jni, klass);
}

// The single place that decides what the agent may do. Nothing is requested yet: the clock
// needs only ClassPrepare, which has no capability. The sampler (issue 3) adds line numbers,
// source file names and compiled-method-load events here.
bool add_capabilities(jvmtiEnv* jvmti) {
    jvmtiCapabilities wanted;
    std::memset(&wanted, 0, sizeof wanted);
    const jvmtiError err = jvmti->AddCapabilities(&wanted);
    if (err != JVMTI_ERROR_NONE) {
        log_line("JVMTI AddCapabilities failed (error %d)", static_cast<int>(err));
        return false;
    }
    return true;
}

bool set_callbacks(jvmtiEnv* jvmti) {
    jvmtiEventCallbacks callbacks;
    std::memset(&callbacks, 0, sizeof callbacks);
    callbacks.ClassPrepare = on_class_prepare;
    const jvmtiError err = jvmti->SetEventCallbacks(&callbacks, sizeof callbacks);
    if (err != JVMTI_ERROR_NONE) {
        log_line("JVMTI SetEventCallbacks failed (error %d)", static_cast<int>(err));
        return false;
    }
    return true;
}

}  // namespace

jvmtiEnv* create_jvmti_env(JavaVM* vm) {
    jvmtiEnv* jvmti = nullptr;
    const jint rc = vm->GetEnv(reinterpret_cast<void**>(&jvmti), JVMTI_VERSION_1_2);
    if (rc != JNI_OK || jvmti == nullptr) {
        log_line("JVMTI 1.2 is not available in this JVM (GetEnv returned %d)", static_cast<int>(rc));
        return nullptr;
    }
    if (!add_capabilities(jvmti) || !set_callbacks(jvmti)) {
        jvmti->DisposeEnvironment();
        return nullptr;
    }
    return jvmti;
}

bool set_class_prepare_events(jvmtiEnv* jvmti, bool enabled) {
    const jvmtiError err = jvmti->SetEventNotificationMode(enabled ? JVMTI_ENABLE : JVMTI_DISABLE,
                                                           JVMTI_EVENT_CLASS_PREPARE, nullptr);
    if (err != JVMTI_ERROR_NONE) {
        log_line("JVMTI cannot %s ClassPrepare events (error %d)", enabled ? "enable" : "disable",
                 static_cast<int>(err));
        return false;
    }
    return true;
}

}  // namespace candor
