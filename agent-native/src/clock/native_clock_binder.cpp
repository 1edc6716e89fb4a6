#include "clock/native_clock_binder.h"

#include <cstring>

#include "agent_state.h"
#include "clock/native_clock.h"
#include "jvmti_env.h"
#include "log.h"

namespace candor {

namespace {

bool is_native_clock(jvmtiEnv* jvmti, jclass klass) {
    JvmtiBuffer<char> signature(jvmti);
    if (jvmti->GetClassSignature(klass, signature.out(), nullptr) != JVMTI_ERROR_NONE) return false;
    return std::strcmp(signature.get(), kNativeClockSignature) == 0;
}

bool in_boot_loader(jvmtiEnv* jvmti, JNIEnv* jni, jclass klass) {
    jobject loader = nullptr;
    if (jvmti->GetClassLoader(klass, &loader) != JVMTI_ERROR_NONE) return false;
    if (loader == nullptr) return true;
    jni->DeleteLocalRef(loader);
    return false;
}

void bind(jvmtiEnv* jvmti, JNIEnv* jni, jclass klass) {
    AgentState& state = agent_state();
    if (!register_native_clock(jni, klass, state.clock)) return;
    if (in_boot_loader(jvmti, jni, klass) && !state.clock_bound_in_boot_loader.exchange(true)) {
        set_class_prepare_events(jvmti, false);
    }
}

}  // namespace

void bind_if_native_clock(jvmtiEnv* jvmti, JNIEnv* jni, jclass klass) {
    if (is_native_clock(jvmti, klass)) bind(jvmti, jni, klass);
}

void bind_loaded_native_clocks(jvmtiEnv* jvmti, JNIEnv* jni) {
    jint count = 0;
    JvmtiBuffer<jclass> classes(jvmti);
    const jvmtiError err = jvmti->GetLoadedClasses(&count, classes.out());
    if (err != JVMTI_ERROR_NONE) {
        log_line("JVMTI GetLoadedClasses failed (error %d)", static_cast<int>(err));
        return;
    }
    for (jint i = 0; i < count; i++) {
        jint status = 0;
        // A loaded but not yet prepared class will still raise ClassPrepare; bind it then.
        if (jvmti->GetClassStatus(classes[i], &status) == JVMTI_ERROR_NONE &&
            (status & JVMTI_CLASS_STATUS_PREPARED) != 0) {
            bind_if_native_clock(jvmti, jni, classes[i]);
        }
        jni->DeleteLocalRef(classes[i]);
    }
}

}  // namespace candor
