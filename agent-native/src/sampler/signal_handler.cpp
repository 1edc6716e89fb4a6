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
#include "sampler/crash_guard.h"
#include "sampler/frame_pop.h"
#include "sampler/jitter.h"
#include "sampler/sample_buffer.h"
#include "sampler/sample_record.h"
#include "sampler/sampler_stats.h"
#include "sampler/signal_chain.h"
#include "trace/trace_entry.h"

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

// One sample into the sample buffer; the thread's closed trace period (tracing) goes with it, so the writer can
// give the period the sample's stack.
void write_record(const SignalContext& context, SampledThread& thread, RecordKind kind, int agct_result,
                  RunState state, bool truncated, const ASGCT_CallFrame* frames, std::uint32_t frame_count) {
    const TraceEntry* period = thread.unwritten_period;
    const std::size_t frame_bytes = frame_count * sizeof(ASGCT_CallFrame);
    SampleBuffer::Slot slot;
    if (!context.buffer->reserve(sizeof(SampleRecord) + frame_bytes + (period != nullptr ? sizeof(TraceEntry) : 0), slot)) {
        bump(context.stats->buffer_full);
        return;
    }
    auto* record = reinterpret_cast<SampleRecord*>(slot.payload);
    record->thread_slot = thread.slot;
    record->agct_result = agct_result;
    record->kind = kind;
    record->state = state;
    record->truncated = truncated ? 1 : 0;
    record->has_period = period != nullptr ? 1 : 0;
    record->frame_count = frame_count;
    record->reserved1 = 0;
    if (frame_count != 0) std::memcpy(record->frames(), frames, frame_bytes);
    if (period != nullptr) {
        std::memcpy(slot.payload + sizeof(SampleRecord) + frame_bytes, period, sizeof(TraceEntry));
        thread.unwritten_period = nullptr;
    }
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
    if (!context.engine->cpu()) in_system_call = at_system_call(interrupted_pc(ucontext));
    context.agct(&trace, context.depth, ucontext);
    std::atomic_signal_fence(std::memory_order_seq_cst);
    thread.in_walk = 0;
    return true;
}

FrameRegisters registers_of(const void* ucontext) {
    FrameRegisters regs;
#if defined(__x86_64__)
    const auto* context = static_cast<const ucontext_t*>(ucontext);
    regs.pc = static_cast<std::uintptr_t>(context->uc_mcontext.gregs[REG_RIP]);
    regs.sp = static_cast<std::uintptr_t>(context->uc_mcontext.gregs[REG_RSP]);
    regs.fp = static_cast<std::uintptr_t>(context->uc_mcontext.gregs[REG_RBP]);
    regs.sender_sp = static_cast<std::uintptr_t>(context->uc_mcontext.gregs[REG_R13]);
#else
    (void)ucontext;
#endif
    return regs;
}

void set_registers(ucontext_t& context, const FrameRegisters& regs) {
#if defined(__x86_64__)
    context.uc_mcontext.gregs[REG_RIP] = static_cast<greg_t>(regs.pc);
    context.uc_mcontext.gregs[REG_RSP] = static_cast<greg_t>(regs.sp);
    context.uc_mcontext.gregs[REG_RBP] = static_cast<greg_t>(regs.fp);
#else
    (void)context;
    (void)regs;
#endif
}

// A copy of the signal's context for AGCT to start from `regs` with the pc one byte back: AGCT names the inlined
// method of the instruction at its pc, by the debug information recorded after it. In compiled code the interrupted
// pc is the instruction that would run next, while the time went into finishing the one before it (a load that
// missed the cache, a long multiply), which may be another inlined method's; a return address would find the next
// call's information instead of its own call's.
void* one_byte_back(const void* ucontext, FrameRegisters regs, ucontext_t& copy) {
    std::memcpy(&copy, ucontext, sizeof copy);
    regs.pc -= 1;
    set_registers(copy, regs);
    return &copy;
}

ReturnSite return_site(std::uintptr_t pc, const void* code_map) {
    CodeEntry entry;
    if (!static_cast<const CodeMap*>(code_map)->lookup(pc, entry)) return ReturnSite::Unknown;
    return entry.shape == CodeShape::Interpreter ? ReturnSite::Interpreter : ReturnSite::Code;
}

// AGCT again from a popped frame's caller (`regs`), on a copy of the signal's context (the thread resumes from the
// real one), its frames to thread.frames + 1, leaving the first for the popped frame. `back_one`: the caller's pc is
// a return address, walked one byte back (one_byte_back); else it is a pc the code put there (ExceptionStub's
// throwing pc), the instruction itself. Inside the crash guard only.
bool walk_from_caller(const SignalContext& context, SampledThread& thread, ASGCT_CallTrace& trace,
                      const void* ucontext, const FrameRegisters& regs, bool back_one) {
    ucontext_t copy;
    void* from = &copy;
    if (back_one) {
        from = one_byte_back(ucontext, regs, copy);
    } else {
        std::memcpy(&copy, ucontext, sizeof copy);
        set_registers(copy, regs);
    }
    trace.frames = thread.frames + 1;
    trace.num_frames = 0;
    context.agct(&trace, context.depth - 1, from);
    return trace.num_frames > 0;
}

// AGCT gave up on a thread in Java whose pc lies in `entry`: under the crash guard, pop the unbuilt top frame
// (frame_pop.h) and walk again from the caller, on a copy of the context (the thread resumes from the real one).
// AGCT's frames go to thread.frames + 1, leaving the first for the popped frame. False when nothing was popped,
// the second walk failed too, or it faulted.
__attribute__((noinline)) bool guarded_rewalk(const SignalContext& context, SampledThread& thread,
                                              const CodeEntry& entry, ASGCT_CallTrace& trace, const void* ucontext) {
    if (sigsetjmp(thread.guard, 0) != 0) return false;
    thread.in_walk = 1;
    std::atomic_signal_fence(std::memory_order_seq_cst);
    bool walked = false;
    FrameRegisters regs = registers_of(ucontext);
    if (pop_unbuilt_frame(entry.shape, entry.start, regs, return_site, context.code_map)) {
        walked = walk_from_caller(context, thread, trace, ucontext, regs, true);
    }
    std::atomic_signal_fence(std::memory_order_seq_cst);
    thread.in_walk = 0;
    return walked;
}

// AGCT gave up on a thread in Java whose pc lies in no generated code: a leaf call into the VM or a library. Under
// the crash guard, pop its native frames (pop_native_frames) and, where the call came from a stub, the stub's frame
// too (an rbp frame, pop_unbuilt_frame; or none, pop_frameless_stub_call: C1's unwind_exception); walk from the Java
// caller on a copy of the context. AGCT's frames go to thread.frames + 1; `stub` is the stub popped, if any (its kind Stub).
__attribute__((noinline)) bool guarded_leaf_rewalk(const SignalContext& context, SampledThread& thread,
                                                   ASGCT_CallTrace& trace, CodeEntry& stub, const void* ucontext) {
    if (sigsetjmp(thread.guard, 0) != 0) return false;
    thread.in_walk = 1;
    std::atomic_signal_fence(std::memory_order_seq_cst);
    bool walked = false;
    FrameRegisters regs = registers_of(ucontext);
    if (pop_native_frames(regs, return_site, context.code_map)) {
        const bool from_stub = context.code_map->lookup(regs.pc, stub) &&
                               (stub.shape == CodeShape::Stub || stub.shape == CodeShape::ExceptionStub);
        if (!from_stub) stub.kind = CodeKind::Method;  // nothing popped beside the native frames
        if (!from_stub || pop_unbuilt_frame(stub.shape, stub.start, regs, return_site, context.code_map) ||
            pop_frameless_stub_call(regs, return_site, context.code_map)) {
            walked = walk_from_caller(context, thread, trace, ucontext, regs, follows_call(regs.pc));
        }
    }
    std::atomic_signal_fence(std::memory_order_seq_cst);
    thread.in_walk = 0;
    return walked;
}

// A thread's frame anchor and state in its HotSpot JavaThread, where the VM's tables say they are (vm_structs.h).
struct AnchorSlots {
    volatile std::uintptr_t* sp;
    volatile std::uintptr_t* fp;  // null where the tables do not name it
    volatile std::uintptr_t* pc;
    const volatile std::int32_t* state;

    AnchorSlots(const VmThreadLayout& layout, char* vm_thread)
        : sp(reinterpret_cast<volatile std::uintptr_t*>(vm_thread + layout.anchor + layout.last_java_sp)),
          fp(layout.has_fp ? reinterpret_cast<volatile std::uintptr_t*>(vm_thread + layout.anchor + layout.last_java_fp)
                           : nullptr),
          pc(reinterpret_cast<volatile std::uintptr_t*>(vm_thread + layout.anchor + layout.last_java_pc)),
          state(reinterpret_cast<const volatile std::int32_t*>(vm_thread + layout.thread_state)) {}

    // Inside the VM with a last Java sp: the only anchors this handler may write (see guarded_anchor_walk); with
    // `java_too` also a thread back in Java whose anchor still holds its sp (see guarded_stub_anchor_walk).
    bool in_vm_with_sp(bool java_too = false) const {
        const std::uintptr_t at = *sp;
        const std::int32_t now = *state;
        return (now == kThreadInVm || (java_too && now == kThreadInJava)) && at != 0 &&
               (at & (sizeof(std::uintptr_t) - 1)) == 0;
    }

    // The pc the VM's make_walkable would give an anchor left without one: the return address just below its sp.
    std::uintptr_t walkable_pc() const { return reinterpret_cast<const volatile std::uintptr_t*>(*sp)[-1]; }

    // Sets the whole anchor (only where fp is named): pc cleared first and set last, never walkable half-written.
    void put(std::uintptr_t new_sp, std::uintptr_t new_fp, std::uintptr_t new_pc) const {
        *pc = 0;
        std::atomic_signal_fence(std::memory_order_seq_cst);
        *sp = new_sp;
        *fp = new_fp;
        std::atomic_signal_fence(std::memory_order_seq_cst);
        *pc = new_pc;
        std::atomic_signal_fence(std::memory_order_seq_cst);
    }
};

// A thread inside the VM (unknown_not_java): called from Java code whose frame anchor got its sp but not its pc
// (the interpreter's VM calls and many stubs leave the pc for the VM's make_walkable to fill in when it walks),
// so AGCT finds no frame to start from. Fill it in as make_walkable would, with the return address just below
// the anchor's sp, walk, and clear it again unless the VM changed it meanwhile; also when the walk faults. Only
// for a thread in _thread_in_vm: no safepoint or handshake walks its stack while it runs this handler.
__attribute__((noinline)) bool guarded_anchor_walk(const SignalContext& context, SampledThread& thread,
                                                   ASGCT_CallTrace& trace, void* ucontext) {
    const AnchorSlots anchor(context.vm_layout, thread.vm_thread);
    volatile std::uintptr_t written = 0;
    if (sigsetjmp(thread.guard, 0) != 0) {
        if (written != 0 && *anchor.pc == written) *anchor.pc = 0;
        return false;
    }
    thread.in_walk = 1;
    std::atomic_signal_fence(std::memory_order_seq_cst);
    bool walked = false;
    if (anchor.in_vm_with_sp() && *anchor.pc == 0) {
        const std::uintptr_t pc = anchor.walkable_pc();
        if (return_site(pc, context.code_map) != ReturnSite::Unknown) {
            written = pc;
            *anchor.pc = pc;
            std::atomic_signal_fence(std::memory_order_seq_cst);
            trace.frames = thread.frames;
            trace.num_frames = 0;
            context.agct(&trace, context.depth, ucontext);
            std::atomic_signal_fence(std::memory_order_seq_cst);
            if (*anchor.pc == pc) *anchor.pc = 0;
            written = 0;
            walked = trace.num_frames > 0;
        }
    }
    std::atomic_signal_fence(std::memory_order_seq_cst);
    thread.in_walk = 0;
    return walked;
}

// AGCT gave up on a thread inside the VM whose last Java frame is a stub that built an rbp frame of its own: C1's
// runtime stubs (counter_overflow, handle_exception_from_callee, ...) call into the VM from it, and AGCT does not
// walk out of them (javac: most of its not_walkable_not_java samples, with the time charged to no method at all).
// Point the anchor at the stub's caller, as the stub's rbp frame says (pop_unbuilt_frame's Stub shape), walk, and
// put the anchor back as it was; also when the walk faults. An anchor without its pc (unknown_not_java: the stub
// left it for make_walkable, and guarded_anchor_walk's walk from the stub's return address failed) gets the pc
// make_walkable would give it, the word below its sp, for finding the stub. Only for a thread in _thread_in_vm (see
// guarded_anchor_walk), and where the tables name the anchor's fp. True with the stub's entry in `stub` and the
// caller's frames from thread.frames + 1.
// `in_java`: a thread back in _thread_in_Java whose anchor is walkable (its pc set, by the VM's make_walkable while it
// was inside), as C1's exception stubs leave it around their VM call's Java-state parts: AGCT starts from such an
// anchor, never from the signal's context (not_walkable_java). No safepoint or handshake walks a thread in Java
// either until it polls, which it does not in this handler.
__attribute__((noinline)) bool guarded_stub_anchor_walk(const SignalContext& context, SampledThread& thread,
                                                        ASGCT_CallTrace& trace, CodeEntry& stub, void* ucontext,
                                                        bool in_java = false) {
    const AnchorSlots anchor(context.vm_layout, thread.vm_thread);
    volatile std::uintptr_t saved_sp = 0;
    volatile std::uintptr_t saved_fp = 0;
    volatile std::uintptr_t saved_pc = 0;
    volatile bool moved = false;  // true while the anchor names the caller
    if (sigsetjmp(thread.guard, 0) != 0) {
        if (moved) anchor.put(saved_sp, saved_fp, saved_pc);
        return false;
    }
    thread.in_walk = 1;
    std::atomic_signal_fence(std::memory_order_seq_cst);
    bool walked = false;
    FrameRegisters regs;
    const std::uintptr_t anchor_pc = *anchor.pc;
    regs.pc = anchor_pc;
    if (regs.pc == 0 && !in_java && anchor.in_vm_with_sp()) regs.pc = anchor.walkable_pc();
    if (anchor.fp != nullptr && anchor.in_vm_with_sp(in_java) && regs.pc != 0 && context.code_map->lookup(regs.pc, stub) &&
        stub.kind == CodeKind::Stub && (stub.shape == CodeShape::Stub || stub.shape == CodeShape::ExceptionStub)) {
        regs.sp = *anchor.sp;
        regs.fp = *anchor.fp;
        const FrameRegisters at_stub = regs;
        if (pop_unbuilt_frame(stub.shape, stub.start, regs, return_site, context.code_map)) {
            saved_sp = at_stub.sp;
            saved_fp = at_stub.fp;
            saved_pc = anchor_pc;
            moved = true;
            anchor.put(regs.sp, regs.fp, regs.pc);
            trace.frames = thread.frames + 1;
            trace.num_frames = 0;
            context.agct(&trace, context.depth - 1, ucontext);
            std::atomic_signal_fence(std::memory_order_seq_cst);
            anchor.put(at_stub.sp, at_stub.fp, anchor_pc);
            moved = false;
            walked = trace.num_frames > 0;
        }
    }
    std::atomic_signal_fence(std::memory_order_seq_cst);
    thread.in_walk = 0;
    return walked;
}

// The method an interpreter method entry is entering, whose half-built (or not yet built) frame was popped: rbx
// holds its Method* throughout the entry (x86-64 HotSpot). Its jmethodID from the holder's cache (vm_structs.h),
// taken only when it points back at that Method*, as every jmethodID of a live method does; null otherwise (no
// jmethodID made yet, a VM whose jmethodIDs are no pointers, a register that held something else), and when a read
// faults, under the crash guard.
__attribute__((noinline)) jmethodID guarded_entered_method(const SignalContext& context, SampledThread& thread,
                                                           const void* ucontext) {
#if defined(__x86_64__)
    const VmMethodLayout& layout = context.method_layout;
    if (!layout.valid) return nullptr;
    if (sigsetjmp(thread.guard, 0) != 0) return nullptr;
    thread.in_walk = 1;
    std::atomic_signal_fence(std::memory_order_seq_cst);
    jmethodID found = nullptr;
    const auto word = [](std::uintptr_t at) { return *reinterpret_cast<const volatile std::uintptr_t*>(at); };
    const auto plausible = [](std::uintptr_t p) { return p >= 4096 && (p & (sizeof(std::uintptr_t) - 1)) == 0; };
    const auto method = static_cast<std::uintptr_t>(static_cast<const ucontext_t*>(ucontext)->uc_mcontext.gregs[REG_RBX]);
    if (plausible(method)) {
        const std::uintptr_t const_method = word(method + layout.const_method);
        if (plausible(const_method)) {
            const std::uint16_t idnum = *reinterpret_cast<const volatile std::uint16_t*>(const_method + layout.method_idnum);
            const std::uintptr_t pool = word(const_method + layout.constants);
            const std::uintptr_t holder = plausible(pool) ? word(pool + layout.pool_holder) : 0;
            const std::uintptr_t ids = plausible(holder) ? word(holder + layout.jmethod_ids) : 0;
            if (plausible(ids) && idnum < word(ids)) {
                const std::uintptr_t id = word(ids + (idnum + 1u) * sizeof(std::uintptr_t));
                if (plausible(id) && word(id) == method) found = reinterpret_cast<jmethodID>(id);
            }
        }
    }
    std::atomic_signal_fence(std::memory_order_seq_cst);
    thread.in_walk = 0;
    return found;
#else
    (void)context;
    (void)thread;
    (void)ucontext;
    return nullptr;
#endif
}

ASGCT_CallFrame frame_by_pc(const CodeEntry& entry) {
    ASGCT_CallFrame frame;
    frame.lineno = entry.kind == CodeKind::Stub ? kStubFrame : kPcFrame;
    frame.method_id = reinterpret_cast<jmethodID>(entry.id);
    return frame;
}

// A walk from a popped frame's caller (AGCT's frames at thread.frames + 1) as a recorded sample: under `top` (the
// popped code by pc) when given, else the callers alone (code without a name, whose time is its caller's call).
void write_recovered(const SignalContext& context, SampledThread& thread, const ASGCT_CallTrace& trace, int result,
                     RunState state, const ASGCT_CallFrame* top) {
    bump(context.stats->recorded);
    const bool truncated = trace.num_frames >= context.depth - 1;
    if (truncated) bump(context.stats->truncated);
    const auto callers = static_cast<std::uint32_t>(trace.num_frames);
    if (top != nullptr) {
        thread.frames[0] = *top;
        write_record(context, thread, RecordKind::Popped, result, state, truncated, thread.frames, callers + 1);
    } else {
        write_record(context, thread, RecordKind::JavaTrace, trace.num_frames, state, truncated, thread.frames + 1, callers);
    }
}

// A sample no walk made whole: counted by why (`result`, an AGCT code or ours), charged to the code at its pc where
// the code map knows it (`entry`, else null), else to a frame that says why. Returns the frame charged.
ASGCT_CallFrame charge_failure(const SignalContext& context, SampledThread& thread, int result, RunState state,
                               const CodeEntry* entry) {
    SamplerStats& stats = *context.stats;
    bump(stats.failed[agct_failure_slot(result)]);
    if (entry != nullptr) {
        bump(stats.attributed_by_pc);
        const ASGCT_CallFrame frame = frame_by_pc(*entry);
        write_record(context, thread, RecordKind::CodeByPc, result, state, false, &frame, 1);
        return frame;
    }
    write_record(context, thread, RecordKind::Failure, result, state, false, nullptr, 0);
    return ASGCT_CallFrame{};
}

// Takes one sample of the thread; returns the frame it charged (the leaf; method_id null when none), for the trace.
ASGCT_CallFrame take_sample(const SignalContext& context, SampledThread& thread, void* ucontext) {
    const ASGCT_CallFrame none{};
    SamplerStats& stats = *context.stats;
    bump(stats.delivered);

    ASGCT_CallTrace trace;
    trace.env_id = thread.jni;
    trace.num_frames = 0;
    trace.frames = thread.frames;
    bool in_system_call = false;
    // Where the pc lies, looked up once: for the walk (compiled code gets it one byte back) and, should the
    // walk fail, for popping the frame or charging the sample to that code.
    CodeEntry entry;
    const std::uintptr_t pc = interrupted_pc(ucontext);
    const bool known = context.code_map->lookup(pc, entry);
    if (!crash_guard_covers(ucontext)) {
        // Inside a fault handler (the JVM's: a null check, a safepoint poll): a fault in the walk could not reach the
        // crash guard, and the kernel kills a process whose blocked SIGSEGV is forced. Charged by its pc, or failed.
        const RunState state = !context.engine->cpu() && thread.wall_state.load(std::memory_order_relaxed) !=
                                                             static_cast<std::uint8_t>(RunState::Running)
                                   ? RunState::Waiting
                                   : RunState::Running;
        return charge_failure(context, thread, kFaultSignalsBlocked, state, known ? &entry : nullptr);
    }
    ucontext_t before;
    void* walk_from = known && entry.kind == CodeKind::Method && pc > entry.start
                          ? one_byte_back(ucontext, registers_of(ucontext), before)
                          : ucontext;
    if (!guarded_walk(context, thread, trace, walk_from, in_system_call)) {
        bump(stats.crash_guard);
        return none;
    }
    if (trace.num_frames <= 0 && walk_from != ucontext) {
        // one byte back may be the prologue, which AGCT does not walk; the pc itself then
        trace.num_frames = 0;
        if (!guarded_walk(context, thread, trace, ucontext, in_system_call)) {
            bump(stats.crash_guard);
            return none;
        }
    }
    // Wall mode: running when JVMTI said RUNNABLE and the thread is not blocked in the kernel
    // (JVMTI also calls a thread RUNNABLE while it waits in native code or inside the VM). A CPU
    // engine's signal means the thread ran, also when its period ended in a system call: the signal
    // comes on the return to user mode, and AGCT walks from there to the Java caller.
    RunState state = RunState::Running;
    if (!context.engine->cpu() &&
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
        return thread.frames[0];
    }
#if defined(__x86_64__)
    if (result == kAgctUnknownNotJava && thread.vm_thread != nullptr && context.vm_layout.valid &&
        guarded_anchor_walk(context, thread, trace, ucontext)) {
        bump(stats.recorded);
        bump(stats.recovered_in_vm);
        const bool truncated = trace.num_frames >= context.depth;
        if (truncated) bump(stats.truncated);
        write_record(context, thread, RecordKind::JavaTrace, trace.num_frames, state, truncated, thread.frames,
                     static_cast<std::uint32_t>(trace.num_frames));
        return thread.frames[0];
    }
    if ((result == kAgctNotWalkableNotJava || result == kAgctUnknownNotJava) && thread.vm_thread != nullptr &&
        context.vm_layout.valid && context.depth > 1) {
        CodeEntry stub;
        if (guarded_stub_anchor_walk(context, thread, trace, stub, ucontext)) {
            bump(stats.recovered_in_vm);
            const ASGCT_CallFrame top = frame_by_pc(stub);
            write_recovered(context, thread, trace, result, state, &top);
            return top;
        }
    }
    if (result == kAgctNotWalkableJava && thread.vm_thread != nullptr && context.vm_layout.valid && context.depth > 1) {
        CodeEntry stub;
        if (guarded_stub_anchor_walk(context, thread, trace, stub, ucontext, true)) {
            bump(stats.recovered_in_vm);
            const ASGCT_CallFrame top = frame_by_pc(stub);
            write_recovered(context, thread, trace, result, state, &top);
            return top;
        }
    }
#endif
    if (!known) entry = CodeEntry{0, 0, 0, CodeKind::Stub, CodeShape::Unknown};
    if ((result == kAgctUnknownJava || result == kAgctNotWalkableJava) && entry.shape != CodeShape::Other &&
        context.depth > 1 &&
        guarded_rewalk(context, thread, entry, trace, ucontext)) {
        bump(entry.shape == CodeShape::CompiledMethod ? stats.recovered_in_method : stats.recovered_in_stub);
        ASGCT_CallFrame top = frame_by_pc(entry);
        if (known && entry.shape == CodeShape::Interpreter) {
            // a method entry: the method being entered, where the VM's tables name it, rather than the interpreter
            const jmethodID entered = guarded_entered_method(context, thread, ucontext);
            if (entered != nullptr) {
                top.lineno = kPcFrame;
                top.method_id = entered;
                bump(stats.entered_method);
            }
        }
        // an inline-cache stub (not known) has no name: its time is the call its caller is making
        write_recovered(context, thread, trace, result, state, known ? &top : nullptr);
        return known ? top : thread.frames[1];
    }
    CodeEntry stub;
    if ((result == kAgctUnknownJava || result == kAgctNotWalkableJava) && !known && context.depth > 1 &&
        guarded_leaf_rewalk(context, thread, trace, stub, ucontext)) {
        // a leaf call into the VM or a library: its time charged to the stub that made it, or to the Java code
        bump(stats.recovered_vm_leaf);
        const ASGCT_CallFrame top = frame_by_pc(stub);
        write_recovered(context, thread, trace, result, state, stub.kind == CodeKind::Stub ? &top : nullptr);
        return stub.kind == CodeKind::Stub ? top : thread.frames[1];
    }
    return charge_failure(context, thread, result, state, known ? &entry : nullptr);
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
    if (context == nullptr || info == nullptr || !context->engine->is_ours(signo, *info, context->pid)) {
        chain_signal(g_previous, signo, info, ucontext);
        return;
    }
    const int saved_errno = errno;
    context->in_flight.fetch_add(1);
    // Handled, whatever happens to it next (sampling paused or stopping): the wall sampler may signal again.
    if (SampledThread* self = g_current_thread) self->wall_pending.store(false, std::memory_order_release);
    if (context->enabled.load() && !context->ignoring.load(std::memory_order_relaxed)) {
        SampledThread* thread = g_current_thread;
        bool bind_only = false;
        if (thread == nullptr) {
            AttachTables* tables = context->attach.load(std::memory_order_acquire);
            if (tables != nullptr) thread = bind_attached_thread(*context, *tables);
            // Wall mode: an unbound thread only gets the attach's bind signal, which is no sample.
            bind_only = thread != nullptr && !context->engine->cpu();
        }
        if (thread == nullptr) {
            bump(context->stats->not_java_thread);
        } else if (!bind_only) {
            // What the engine records besides the sample (the trace writer's engine: the period the tick ended)
            // goes with the sample; what no sample took goes alone.
            TraceEntry closed;
            if (context->engine->tick(*thread, closed)) thread->unwritten_period = &closed;
            const ASGCT_CallFrame top = take_sample(*context, *thread, ucontext);
            if (thread->unwritten_period != nullptr) {
                context->engine->ticked(*thread, closed, top);
                thread->unwritten_period = nullptr;
            }
            maybe_change_period(*context, *thread);
        }
    }
    context->in_flight.fetch_sub(1);
    errno = saved_errno;
}

}  // namespace

bool install_sample_handler(SignalContext* context) {
    const int signo = context->engine->signal();
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
    const SamplingEngine* engine = thread.timer.engine;  // null while its timer is closed or not yet open
    const bool changed = engine != nullptr && engine->set_period(thread.timer, period);
    if (changed) bump(context.stats->period_changes);
}

}  // namespace candor
