// JVMTI entry points of libcandor.so: -agentpath:libcandor.so[=options] and dynamic attach.
#include <jni.h>
#include <jvmti.h>

#include "agent_state.h"
#include "calibration/compiled_methods.h"
#include "class_binder.h"
#include "clock/clock_choice.h"
#include "clock/native_clock.h"
#include "jvmti_env.h"
#include "log.h"
#include "options.h"
#include "sampler/sampler.h"
#include "sampler/sampler_natives.h"

namespace candor {

AgentState& agent_state() {
    static AgentState state;
    return state;
}

namespace {

enum class LoadKind { CommandLine, Attach };

bool bind_native_clock(JNIEnv* jni, jclass klass) { return register_native_clock(jni, klass, agent_state().clock); }

// The agent-side classes whose natives this library provides.
const ClassBinding kBindings[] = {
    {kNativeClockSignature, bind_native_clock, BindUntil::BootLoaderCopy},
    {kNativeSamplerSignature, register_sampler_natives, BindUntil::FirstCopy},
    {kCompiledMethodsSignature, register_compiled_methods_natives, BindUntil::FirstCopy},
};

jint start(JavaVM* vm, const char* option_text, LoadKind kind) {
    const ParsedOptions parsed = parse_options(option_text);
    if (!parsed.ok()) {
        log_line("%s", parsed.error.c_str());
        return JNI_ERR;
    }
    const Options& options = parsed.options;

    AgentState& state = agent_state();
    if (state.jvmti != nullptr) {
        // Loaded again into the same JVM: the natives are bound already; keep the first choice.
        if (options.verbose) log_line("already loaded; clock stays %s", clock_source_name(state.clock));
        return JNI_OK;
    }

    // Agent_OnAttach runs in a Java thread (the attach listener) that has a JNI environment.
    JNIEnv* attach_jni = nullptr;
    if (kind == LoadKind::Attach &&
        vm->GetEnv(reinterpret_cast<void**>(&attach_jni), JNI_VERSION_1_8) != JNI_OK) {
        log_line("no JNI environment in the attaching thread");
        return JNI_ERR;
    }

    const ClockChoice choice = choose_clock(options.clock, probe_tsc_facts());
    if (!choice.warning.empty()) log_line("%s", choice.warning.c_str());
    if (options.verbose) {
        log_line("clock %s (source %d): %s", clock_source_name(choice.source),
                 static_cast<int>(choice.source), choice.reason.c_str());
    }

    // Sampling needs AsyncGetCallTrace; without it the library still provides the clock.
    Sampler* sampler = options.sample != SampleMode::Off ? Sampler::create(options) : nullptr;

    jvmtiEnv* jvmti = create_jvmti_env(vm, sampler != nullptr);
    if (jvmti == nullptr) return JNI_ERR;
    // Publish the state before any event can reach the callbacks that read it.
    state.options = options;
    state.clock = choice.source;
    state.sampler = sampler;
    state.jvmti = jvmti;
    set_class_bindings(kBindings, static_cast<int>(sizeof kBindings / sizeof kBindings[0]));
    if (!set_class_prepare_events(jvmti, true)) {
        state.jvmti = nullptr;
        state.sampler = nullptr;
        jvmti->DisposeEnvironment();
        return JNI_ERR;
    }
    if (sampler != nullptr && !enable_sampler_events(jvmti, kind == LoadKind::Attach)) {
        // The line is printed; the JVM runs on without sampling.
        state.sampler = nullptr;
    }

    if (kind == LoadKind::Attach) {
        bind_loaded_classes(jvmti, attach_jni);
        if (state.sampler != nullptr) state.sampler->on_attach(jvmti, attach_jni);
    }
    return JNI_OK;
}

}  // namespace

}  // namespace candor

extern "C" {

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM* vm, char* options, void*) {
    return candor::start(vm, options, candor::LoadKind::CommandLine);
}

JNIEXPORT jint JNICALL Agent_OnAttach(JavaVM* vm, char* options, void*) {
    return candor::start(vm, options, candor::LoadKind::Attach);
}

JNIEXPORT void JNICALL Agent_OnUnload(JavaVM*) {
    // The JVM is going away and disposes the JVMTI environment itself; just forget it.
    candor::agent_state().jvmti = nullptr;
}

}  // extern "C"
