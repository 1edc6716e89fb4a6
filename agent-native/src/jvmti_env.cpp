#include "jvmti_env.h"

#include <cstring>

#include <unistd.h>

#include "agent_state.h"
#include "calibration/compiled_methods.h"
#include "class_binder.h"
#include "java_session.h"
#include "log.h"
#include "sampler/sampler.h"

namespace candor {

namespace {

// The one place for event callbacks: each forwards to the part that owns the concern.

void JNICALL on_vm_init(jvmtiEnv* jvmti, JNIEnv* jni, jthread thread) {
    AgentState& state = agent_state();
    if (state.sampler != nullptr) state.sampler->on_vm_init(jvmti, jni, thread);
    // Like a failed -javaagent: the program does not run without the session it was launched for.
    if (!state.options.session_file.empty() && !start_java_session(jvmti, jni, state.options.session_file)) _exit(2);
}

void JNICALL on_vm_death(jvmtiEnv*, JNIEnv* jni) {
    if (Sampler* sampler = agent_state().sampler) sampler->on_vm_death(jni);
}

void JNICALL on_thread_start(jvmtiEnv* jvmti, JNIEnv* jni, jthread thread) {
    if (Sampler* sampler = agent_state().sampler) sampler->on_thread_start(jvmti, jni, thread);
}

void JNICALL on_thread_end(jvmtiEnv*, JNIEnv* jni, jthread thread) {
    if (Sampler* sampler = agent_state().sampler) sampler->on_thread_end(jni, thread);
}

// Run by the VM thread inside the pause: no JNI, nothing that allocates or waits (write_marker only).
void JNICALL on_gc_start(jvmtiEnv*) {
    if (Sampler* sampler = agent_state().sampler) sampler->on_garbage_collection(true);
}

void JNICALL on_gc_finish(jvmtiEnv*) {
    if (Sampler* sampler = agent_state().sampler) sampler->on_garbage_collection(false);
}

// Nothing to do: it only has to be enabled (see enable_sampler_events).
void JNICALL on_class_load(jvmtiEnv*, JNIEnv*, jthread, jclass) {}

void JNICALL on_class_prepare(jvmtiEnv* jvmti, JNIEnv* jni, jthread, jclass klass) {
    AgentState& state = agent_state();
    {
        JvmtiBuffer<char> signature(jvmti);
        if (jvmti->GetClassSignature(klass, signature.out(), nullptr) == JVMTI_ERROR_NONE) {
            bind_prepared_class(jvmti, jni, klass, signature.get());
        }
    }
    if (state.sampler != nullptr) {
        state.sampler->on_class_prepare(jvmti, klass);
    } else if (all_class_bindings_complete() && !state.class_prepare_off.exchange(true)) {
        // From now on class loading costs nothing extra.
        set_class_prepare_events(jvmti, false);
    }
}

void JNICALL on_compiled_method_load(jvmtiEnv* jvmti, jmethodID method, jint code_size, const void* code_address,
                                     jint, const jvmtiAddrLocationMap*, const void* compile_info) {
    if (Sampler* sampler = agent_state().sampler) sampler->on_compiled_method_load(method, code_size, code_address);
    compiled_method_load(jvmti, method, code_address, compile_info);
}

void JNICALL on_compiled_method_unload(jvmtiEnv*, jmethodID method, const void* code_address) {
    if (Sampler* sampler = agent_state().sampler) sampler->on_compiled_method_unload(code_address);
    compiled_method_unload(method, code_address);
}

void JNICALL on_dynamic_code_generated(jvmtiEnv*, const char* name, const void* address, jint length) {
    if (Sampler* sampler = agent_state().sampler) sampler->on_dynamic_code_generated(name, address, length);
}

// The single place that decides what the agent may do. The clock needs nothing (ClassPrepare
// has no capability); the sampler and the calibration of instrumented times need compiled-method-load
// events (the events stay off until one of them enables them).
bool add_capabilities(jvmtiEnv* jvmti, bool tracing) {
    jvmtiCapabilities wanted;
    std::memset(&wanted, 0, sizeof wanted);
    jvmtiCapabilities potential;
    std::memset(&potential, 0, sizeof potential);
    jvmti->GetPotentialCapabilities(&potential);
    // Without it samples in compiled code lose their inlined frames and pc attribution, and calibration
    // cannot tell compiled from interpreted methods; both still work.
    wanted.can_generate_compiled_method_load_events = potential.can_generate_compiled_method_load_events;
    if (tracing) wanted.can_generate_garbage_collection_events = potential.can_generate_garbage_collection_events;
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
    callbacks.VMInit = on_vm_init;
    callbacks.VMDeath = on_vm_death;
    callbacks.ThreadStart = on_thread_start;
    callbacks.ThreadEnd = on_thread_end;
    callbacks.ClassLoad = on_class_load;
    callbacks.ClassPrepare = on_class_prepare;
    callbacks.CompiledMethodLoad = on_compiled_method_load;
    callbacks.CompiledMethodUnload = on_compiled_method_unload;
    callbacks.DynamicCodeGenerated = on_dynamic_code_generated;
    callbacks.GarbageCollectionStart = on_gc_start;
    callbacks.GarbageCollectionFinish = on_gc_finish;
    const jvmtiError err = jvmti->SetEventCallbacks(&callbacks, sizeof callbacks);
    if (err != JVMTI_ERROR_NONE) {
        log_line("JVMTI SetEventCallbacks failed (error %d)", static_cast<int>(err));
        return false;
    }
    return true;
}

bool set_event(jvmtiEnv* jvmti, jvmtiEvent event, bool enabled, const char* name) {
    const jvmtiError err = jvmti->SetEventNotificationMode(enabled ? JVMTI_ENABLE : JVMTI_DISABLE, event, nullptr);
    if (err != JVMTI_ERROR_NONE) {
        log_line("JVMTI cannot %s %s events (error %d)", enabled ? "enable" : "disable", name, static_cast<int>(err));
        return false;
    }
    return true;
}

}  // namespace

jvmtiEnv* create_jvmti_env(JavaVM* vm, bool tracing) {
    jvmtiEnv* jvmti = nullptr;
    const jint rc = vm->GetEnv(reinterpret_cast<void**>(&jvmti), JVMTI_VERSION_1_2);
    if (rc != JNI_OK || jvmti == nullptr) {
        log_line("JVMTI 1.2 is not available in this JVM (GetEnv returned %d)", static_cast<int>(rc));
        return nullptr;
    }
    if (!add_capabilities(jvmti, tracing) || !set_callbacks(jvmti)) {
        jvmti->DisposeEnvironment();
        return nullptr;
    }
    return jvmti;
}

bool set_class_prepare_events(jvmtiEnv* jvmti, bool enabled) {
    return set_event(jvmti, JVMTI_EVENT_CLASS_PREPARE, enabled, "ClassPrepare");
}

bool enable_vm_init_events(jvmtiEnv* jvmti) { return set_event(jvmti, JVMTI_EVENT_VM_INIT, true, "VMInit"); }

bool enable_compiled_method_events(jvmtiEnv* jvmti) {
    return set_event(jvmti, JVMTI_EVENT_COMPILED_METHOD_LOAD, true, "CompiledMethodLoad") &&
           set_event(jvmti, JVMTI_EVENT_COMPILED_METHOD_UNLOAD, true, "CompiledMethodUnload");
}

bool enable_sampler_events(jvmtiEnv* jvmti, bool attaching) {
    jvmtiCapabilities capabilities;
    std::memset(&capabilities, 0, sizeof capabilities);
    jvmti->GetCapabilities(&capabilities);
    const bool code_events = capabilities.can_generate_compiled_method_load_events != 0;
    return (attaching || set_event(jvmti, JVMTI_EVENT_VM_INIT, true, "VMInit")) &&
           set_event(jvmti, JVMTI_EVENT_VM_DEATH, true, "VMDeath") &&
           set_event(jvmti, JVMTI_EVENT_THREAD_START, true, "ThreadStart") &&
           set_event(jvmti, JVMTI_EVENT_THREAD_END, true, "ThreadEnd") &&
           set_event(jvmti, JVMTI_EVENT_CLASS_LOAD, true, "ClassLoad") &&
           set_event(jvmti, JVMTI_EVENT_CLASS_PREPARE, true, "ClassPrepare") &&
           (!code_events || set_event(jvmti, JVMTI_EVENT_COMPILED_METHOD_LOAD, true, "CompiledMethodLoad")) &&
           (!code_events || set_event(jvmti, JVMTI_EVENT_COMPILED_METHOD_UNLOAD, true, "CompiledMethodUnload")) &&
           set_event(jvmti, JVMTI_EVENT_DYNAMIC_CODE_GENERATED, true, "DynamicCodeGenerated");
}

bool enable_trace_events(jvmtiEnv* jvmti) {
    jvmtiCapabilities capabilities;
    std::memset(&capabilities, 0, sizeof capabilities);
    jvmti->GetCapabilities(&capabilities);
    if (capabilities.can_generate_garbage_collection_events == 0) return false;
    return set_event(jvmti, JVMTI_EVENT_GARBAGE_COLLECTION_START, true, "GarbageCollectionStart") &&
           set_event(jvmti, JVMTI_EVENT_GARBAGE_COLLECTION_FINISH, true, "GarbageCollectionFinish");
}

}  // namespace candor
