#include "class_binder.h"

#include <atomic>
#include <cstring>

#include "jvmti_env.h"
#include "log.h"

namespace candor {

namespace {

struct BindingState {
    ClassBinding binding{};
    std::atomic<bool> complete{false};
};

// Written once before any event can read it; never destroyed (events may run during exit).
BindingState* bindings = nullptr;
int binding_count = 0;

bool in_boot_loader(jvmtiEnv* jvmti, JNIEnv* jni, jclass klass) {
    jobject loader = nullptr;
    if (jvmti->GetClassLoader(klass, &loader) != JVMTI_ERROR_NONE) return false;
    if (loader == nullptr) return true;
    jni->DeleteLocalRef(loader);
    return false;
}

}  // namespace

void set_class_bindings(const ClassBinding* list, int count) {
    if (count > kMaxClassBindings) count = kMaxClassBindings;
    auto* states = new BindingState[kMaxClassBindings];
    for (int i = 0; i < count; i++) states[i].binding = list[i];
    bindings = states;
    binding_count = count;
}

void bind_prepared_class(jvmtiEnv* jvmti, JNIEnv* jni, jclass klass, const char* signature) {
    for (int i = 0; i < binding_count; i++) {
        BindingState& state = bindings[i];
        if (std::strcmp(signature, state.binding.signature) != 0) continue;
        if (!state.binding.register_natives(jni, klass)) return;
        if (state.binding.until == BindUntil::FirstCopy || in_boot_loader(jvmti, jni, klass)) {
            state.complete.store(true);
        }
        return;
    }
}

bool all_class_bindings_complete() {
    for (int i = 0; i < binding_count; i++) {
        if (!bindings[i].complete.load()) return false;
    }
    return true;
}

void bind_loaded_classes(jvmtiEnv* jvmti, JNIEnv* jni) {
    // One local reference per loaded class: held by a local frame sized for them (jvmti_env.h).
    if (jni->PushLocalFrame(kLoadedClassesFrame) != JNI_OK) {
        jni->ExceptionClear();
        return;
    }
    jint count = 0;
    JvmtiBuffer<jclass> classes(jvmti);
    const jvmtiError err = jvmti->GetLoadedClasses(&count, classes.out());
    if (err != JVMTI_ERROR_NONE) {
        log_line("JVMTI GetLoadedClasses failed (error %d)", static_cast<int>(err));
        jni->PopLocalFrame(nullptr);
        return;
    }
    for (jint i = 0; i < count; i++) {
        jint status = 0;
        // A loaded but not yet prepared class will still raise ClassPrepare; bind it then.
        if (jvmti->GetClassStatus(classes[i], &status) == JVMTI_ERROR_NONE &&
            (status & JVMTI_CLASS_STATUS_PREPARED) != 0) {
            JvmtiBuffer<char> signature(jvmti);
            if (jvmti->GetClassSignature(classes[i], signature.out(), nullptr) == JVMTI_ERROR_NONE) {
                bind_prepared_class(jvmti, jni, classes[i], signature.get());
            }
        }
    }
    jni->PopLocalFrame(nullptr);
}

}  // namespace candor
