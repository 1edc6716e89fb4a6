#include "sampler/signal_handler.h"

#include <errno.h>
#include <setjmp.h>
#include <signal.h>
#include <sys/syscall.h>
#include <time.h>
#include <ucontext.h>
#include <unistd.h>

#include <cstring>

#include "sampler/attach_tables.h"
#include "sampler/code_map.h"
#include "sampler/cpu_timer.h"
#include "sampler/jitter.h"
#include "sampler/perf_timer.h"
#include "sampler/sample_buffer.h"
#include "sampler/sample_record.h"
#include "sampler/sampler_stats.h"
#include "sampler/signal_chain.h"

namespace candor {

namespace {

std::atomic<SignalContext*> g_context{nullptr};
struct sigaction g_previous;  // the action our handler replaced, for signals that are not ours

// Read by the crash test through a volatile, so the compiler cannot see the fault coming.
volatile std::uintptr_t g_crash_address = 16;

std::uintptr_t interrupted_pc(void* ucontext) {
    const auto* context = static_cast<const ucontext_t*>(ucontext);
#if defined(__x86_64__)
    return static_cast<std::uintptr_t>(context->uc_mcontext.gregs[REG_RIP]);
#elif defined(__aarch64__)
    return static_cast<std::uintptr_t>(context->uc_mcontext.pc);
#else
    (void)context;
    return 0;
#endif
}

bool is_ours(const SignalContext& context, int signo, const siginfo_t* info) {
    switch (context.timer) {
        case TimerKind::PerfSigtrap: return signo == SIGTRAP && info->si_code == kTrapPerf;
        case TimerKind::PerfFasync: return signo == SIGPROF && info->si_code == POLL_IN;
        case TimerKind::Ctimer: return signo == SIGPROF && info->si_code == SI_TIMER;
        case TimerKind::Wall: return signo == SIGPROF && info->si_code == SI_TKILL && info->si_pid == context.pid;
        case TimerKind::None: return false;
    }
    return false;
}

void write_record(const SignalContext& context, const SampledThread& thread, RecordKind kind, int agct_result,
                  RunState state, bool truncated, const ASGCT_CallFrame* frames, std::uint32_t frame_count) {
    SampleBuffer::Slot slot;
    if (!context.buffer->reserve(sizeof(SampleRecord) + frame_count * sizeof(ASGCT_CallFrame), slot)) {
        bump(context.stats->buffer_full);
        return;
    }
    auto* record = reinterpret_cast<SampleRecord*>(slot.payload);
    record->thread_slot = thread.slot;
    record->agct_result = agct_result;
    record->kind = kind;
    record->state = state;
    record->truncated = truncated ? 1 : 0;
    record->reserved0 = 0;
    record->frame_count = frame_count;
    record->reserved1 = 0;
    if (frame_count != 0) std::memcpy(record->frames(), frames, frame_count * sizeof(ASGCT_CallFrame));
    SampleBuffer::commit(slot);
}

// Whether the thread was blocked in a system call when the signal came: the interrupted pc is at
// the syscall instruction (the kernel moved it back to restart the call) or right after it (the
// call returns EINTR). Reads code bytes next to pc, so only inside the crash guard.
bool at_system_call(std::uintptr_t pc) {
#if defined(__x86_64__)
    const auto* code = reinterpret_cast<const volatile std::uint8_t*>(pc);
    return (code[0] == 0x0f && code[1] == 0x05) || (code[-2] == 0x0f && code[-1] == 0x05);
#elif defined(__aarch64__)
    const auto* code = reinterpret_cast<const volatile std::uint32_t*>(pc);
    return code[0] == 0xd4000001u || code[-1] == 0xd4000001u;  // svc #0
#else
    (void)pc;
    return false;
#endif
}

// AGCT under the crash guard. False when the walk faulted and the guard jumped back here.
// in_system_call: wall mode only, see at_system_call.
__attribute__((noinline)) bool guarded_walk(const SignalContext& context, SampledThread& thread,
                                            ASGCT_CallTrace& trace, void* ucontext, bool& in_system_call) {
    if (sigsetjmp(thread.guard, 0) != 0) return false;
    thread.in_walk = 1;
    std::atomic_signal_fence(std::memory_order_seq_cst);
    if (context.crash_every != 0 && --thread.crash_countdown == 0) {
        thread.crash_countdown = context.crash_every;
        *reinterpret_cast<volatile int*>(g_crash_address) = 1;  // test hook: fault inside the guard
    }
    if (context.timer == TimerKind::Wall) in_system_call = at_system_call(interrupted_pc(ucontext));
    context.agct(&trace, context.depth, ucontext);
    std::atomic_signal_fence(std::memory_order_seq_cst);
    thread.in_walk = 0;
    return true;
}

void take_sample(const SignalContext& context, SampledThread& thread, void* ucontext) {
    SamplerStats& stats = *context.stats;
    bump(stats.delivered);

    ASGCT_CallTrace trace;
    trace.env_id = thread.jni;
    trace.num_frames = 0;
    trace.frames = thread.frames;
    bool in_system_call = false;
    if (!guarded_walk(context, thread, trace, ucontext, in_system_call)) {
        bump(stats.crash_guard);
        return;
    }
    // Wall mode: running when JVMTI said RUNNABLE and the thread is not blocked in the kernel
    // (JVMTI also calls a thread RUNNABLE while it waits in native code or inside the VM).
    RunState state = RunState::Running;
    if (context.timer == TimerKind::Wall &&
        (thread.wall_state.load(std::memory_order_relaxed) != static_cast<std::uint8_t>(RunState::Running) ||
         in_system_call)) {
        state = RunState::Waiting;
    }

    const int result = trace.num_frames;
    if (result > 0) {
        bump(stats.recorded);
        const bool truncated = result >= context.depth;
        if (truncated) bump(stats.truncated);
        write_record(context, thread, RecordKind::JavaTrace, result, state, truncated, thread.frames,
                     static_cast<std::uint32_t>(result));
        return;
    }
    bump(stats.failed[agct_failure_slot(result)]);
    CodeEntry entry;
    if (context.code_map->lookup(interrupted_pc(ucontext), entry)) {
        bump(stats.attributed_by_pc);
        ASGCT_CallFrame frame;
        frame.lineno = entry.kind == CodeKind::Stub ? kStubFrame : kPcFrame;
        frame.method_id = reinterpret_cast<jmethodID>(entry.id);
        write_record(context, thread, RecordKind::CodeByPc, result, state, false, &frame, 1);
    } else {
        write_record(context, thread, RecordKind::Failure, result, state, false, nullptr, 0);
    }
}

// A thread without a record while attach tables exist: a Java thread that was running at the
// attach binds its prepared record (and the timer of its tid) here, on its first signal; any other
// thread gets its timer disabled, once. Null when the thread stays without a record.
SampledThread* bind_attached_thread(const SignalContext& context, AttachTables& tables) {
    const pid_t tid = static_cast<pid_t>(syscall(SYS_gettid));
    AttachTimer* timer = tables.find_timer(tid);
    JNIEnv* env = nullptr;
    // HotSpot answers from thread-local state: the thread's env, or JNI_EDETACHED (not a Java thread).
    if (tables.vm()->GetEnv(reinterpret_cast<void**>(&env), JNI_VERSION_1_6) == JNI_OK && env != nullptr) {
        AttachThread* entry = tables.find_thread(env);
        if (entry != nullptr && claim_attach_thread(*entry)) {
            SampledThread* record = entry->record;
            record->tid = tid;
            if (timer != nullptr) adopt_attach_timer(*timer, *record, false);
            g_current_thread = record;
            record->counted = true;
            record->bound.store(true, std::memory_order_release);
            bump(context.stats->threads_sampled);
            bump(context.stats->attach_bound);
            return record;
        }
    }
    if (timer != nullptr && disable_attach_timer(*timer)) bump(context.stats->attach_timers_disabled);
    return nullptr;
}

void on_sampling_signal(int signo, siginfo_t* info, void* ucontext) {
    SignalContext* context = g_context.load(std::memory_order_acquire);
    if (context == nullptr || info == nullptr || !is_ours(*context, signo, info)) {
        chain_signal(g_previous, signo, info, ucontext);
        return;
    }
    const int saved_errno = errno;
    context->in_flight.fetch_add(1);
    if (context->enabled.load() && !context->ignoring.load(std::memory_order_relaxed)) {
        SampledThread* thread = g_current_thread;
        bool bind_only = false;
        if (thread == nullptr) {
            AttachTables* tables = context->attach.load(std::memory_order_acquire);
            if (tables != nullptr) thread = bind_attached_thread(*context, *tables);
            // Wall mode: an unbound thread only gets the attach's bind signal, which is no sample.
            bind_only = thread != nullptr && context->timer == TimerKind::Wall;
        }
        if (thread == nullptr) {
            bump(context->stats->not_java_thread);
        } else if (!bind_only) {
            take_sample(*context, *thread, ucontext);
            maybe_change_period(*context, *thread);
        }
    }
    context->in_flight.fetch_sub(1);
    errno = saved_errno;
}

}  // namespace

int sampling_signal(TimerKind kind) { return kind == TimerKind::PerfSigtrap ? SIGTRAP : SIGPROF; }

bool install_sample_handler(SignalContext* context) {
    const int signo = sampling_signal(context->timer);
    struct sigaction action;
    std::memset(&action, 0, sizeof action);
    action.sa_sigaction = on_sampling_signal;
    action.sa_flags = SA_SIGINFO | SA_RESTART;
    sigemptyset(&action.sa_mask);
    // Remember the action we replace before ours can run and read it.
    if (sigaction(signo, nullptr, &g_previous) != 0) return false;
    g_context.store(context, std::memory_order_release);
    return sigaction(signo, &action, nullptr) == 0;
}

void disable_and_wait(SignalContext* context) {
    context->enabled.store(false);
    while (context->in_flight.load() != 0) {
        const timespec pause{0, 100'000};
        nanosleep(&pause, nullptr);
    }
}

void maybe_change_period(const SignalContext& context, SampledThread& thread) {
    if (context.samples_per_period == 0 || --thread.samples_until_new_period != 0) return;
    thread.samples_until_new_period = context.samples_per_period;
    const std::int64_t period = thread.jitter.next(context.interval_ns);
    bool changed = false;
    if (thread.timer == TimerKind::PerfSigtrap || thread.timer == TimerKind::PerfFasync) {
        changed = thread.perf_fd >= 0 && perf_timer_set_period(thread.perf_fd, static_cast<std::uint64_t>(period));
    } else if (thread.timer == TimerKind::Ctimer) {
        changed = ctimer_set_period(thread.ctimer, period);
    }
    if (changed) bump(context.stats->period_changes);
}

}  // namespace candor
