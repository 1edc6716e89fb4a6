// JVMTI entry points of libcandor.so: -agentpath:libcandor.so[=options] and dynamic attach.
#include <jni.h>
#include <jvmti.h>

#include "agent_state.h"
#include "boot_classes.h"
#include "calibration/compiled_methods.h"
#include "class_binder.h"
#include "clock/clock_choice.h"
#include "clock/native_clock.h"
#include "control/socket_owner.h"
#include "counters/counter_natives.h"
#include "counters/metric_check.h"
#include "counters/metric_reader.h"
#include "counters/thread_counter.h"
#include "jvmti_env.h"
#include "log.h"
#include "options.h"
#include "sampler/sampler.h"
#include "sampler/sampler_natives.h"
#include "trace/trace_natives.h"

#include <unistd.h>

namespace candor {

AgentState& agent_state() {
    static AgentState state;
    return state;
}

namespace {

enum class LoadKind { CommandLine, Attach };

bool bind_native_clock(JNIEnv* jni, jclass klass) { return register_native_clock(jni, klass, agent_state().reader); }

// The agent-side classes whose natives this library provides; NativeCounters only with the
// counters option and BootClasses only on attach (otherwise ClassPrepare would stay on waiting for a
// class that never comes).
const ClassBinding kBindings[] = {
    {kNativeClockSignature, bind_native_clock, BindUntil::BootLoaderCopy},
    {kNativeSamplerSignature, register_sampler_natives, BindUntil::FirstCopy},
    {kCompiledMethodsSignature, register_compiled_methods_natives, BindUntil::FirstCopy},
    {kSocketOwnerSignature, register_socket_owner_natives, BindUntil::FirstCopy},
    {kCandorApiSignature, register_candor_api_natives, BindUntil::FirstCopy},
};
const ClassBinding kCountersBinding = {kNativeCountersSignature, register_counter_natives, BindUntil::FirstCopy};
const ClassBinding kBootClassesBinding = {kBootClassesSignature, register_boot_classes_natives, BindUntil::FirstCopy};

// A session that cannot start as asked: one line, then at launch the JVM ends with exit code 2
// before the program runs (as the Java agent does with a bad option); an attach only fails.
jint refuse(LoadKind kind, const std::string& line) {
    log_line("%s", line.c_str());
    if (kind == LoadKind::CommandLine) _exit(2);
    return JNI_ERR;
}

// The metric's line when this machine cannot read it, else empty; sets up the per-thread counters.
std::string prepare_metric(const MetricSpec& metric, ClockSource wall_clock, bool verbose) {
    if (metric.kind == MetricKind::WallClock) return {};
    const MetricCheck check = check_metric(metric, wall_clock, probe_perf_facts());
    if (!check.available) {
        return std::string("metric=") + metric.name + " cannot be read: " + check.reason +
               "; 'candor counters' lists the metrics this machine can read";
    }
    if (metric.kind == MetricKind::PerfCounter) set_thread_counter_metric(metric);
    if (verbose) log_line("metric %s (%s), read by %s", metric.name, metric_unit_name(metric.unit), check.read_by.c_str());
    return {};
}

jint start(JavaVM* vm, const char* option_text, LoadKind kind) {
    const ParsedOptions parsed = parse_options(option_text);
    if (!parsed.ok()) return refuse(kind, parsed.error);
    const Options& options = parsed.options;

    if (kind == LoadKind::Attach && !options.session_file.empty()) {
        return refuse(kind, "native agent option 'session' is for -agentpath at launch; an attach loads candor-agent.jar itself");
    }

    AgentState& state = agent_state();
    if (state.jvmti != nullptr) {
        // Loaded again into the same JVM: the natives are bound already; keep the first choice.
        if (options.verbose) {
            log_line("already loaded; clock stays %s, metric stays %s", clock_source_name(state.clock), state.metric->name);
        }
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
    if (options.verbose && options.metric->kind == MetricKind::WallClock) {
        log_line("clock %s (source %d): %s", clock_source_name(choice.source),
                 static_cast<int>(choice.source), choice.reason.c_str());
    }
    const std::string metric_problem = prepare_metric(*options.metric, choice.source, options.verbose);
    if (!metric_problem.empty()) return refuse(kind, metric_problem);

    // Sampling needs AsyncGetCallTrace; without it the library still provides the clock.
    Sampler* sampler = options.sample != SampleMode::Off ? Sampler::create(options) : nullptr;

    const bool tracing = sampler != nullptr && !options.trace_dir.empty();
    jvmtiEnv* jvmti = create_jvmti_env(vm, tracing);
    if (jvmti == nullptr) return JNI_ERR;
    // Publish the state before any event can reach the callbacks that read it.
    state.options = options;
    state.clock = choice.source;
    state.metric = options.metric;
    state.reader = tick_reader(*options.metric, choice.source);
    state.sampler = sampler;
    state.jvmti = jvmti;
    ClassBinding bindings[kMaxClassBindings];
    int binding_count = 0;
    for (const ClassBinding& b : kBindings) bindings[binding_count++] = b;
    if (options.counters) bindings[binding_count++] = kCountersBinding;
    if (kind == LoadKind::Attach) bindings[binding_count++] = kBootClassesBinding;
    set_class_bindings(bindings, binding_count);
    if (!set_class_prepare_events(jvmti, true)) {
        state.jvmti = nullptr;
        state.sampler = nullptr;
        jvmti->DisposeEnvironment();
        return JNI_ERR;
    }
    if (sampler != nullptr && !enable_sampler_events(jvmti, kind == LoadKind::Attach)) {
        // The line is printed; the JVM runs on without sampling.
        state.sampler = nullptr;
    } else if (tracing) {
        enable_trace_events(jvmti);  // without them the trace has no collections marked
    }
    // Without a sampler the Java half still starts, and says why there is nothing to record.
    if (!options.session_file.empty() && !enable_vm_init_events(jvmti)) return refuse(kind, "the sampling session cannot start");

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
