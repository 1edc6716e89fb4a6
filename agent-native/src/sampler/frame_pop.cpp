#include "sampler/frame_pop.h"

#include <cstddef>

namespace candor {

#if defined(__x86_64__)

namespace {

// HotSpot's compiled-method prologues (MacroAssembler::verified_entry, C1's build_frame; JDK 17-25), after the
// inline-cache check. With a stack bang (methods that call others): `mov [rsp - N], eax`, `push rbp`, (`mov rbp, rsp`
// with PreserveFramePointer), `sub rsp, F` unless the frame is two words. Without one (leaf methods): `sub rsp, F`,
// `mov [rsp + F - 8], rbp`. JDK 21+ then checks the nmethod entry barrier (`cmp dword [r15 + d], imm32; jne`),
// still before the frame counts as complete. Epilogues: `add rsp, F` (absent for a two-word frame), `pop rbp`, a
// safepoint poll that leaves rsp alone, `ret`.
constexpr std::uint8_t kPushRbp = 0x55;
constexpr std::uint8_t kPopRbp = 0x5d;
constexpr std::uint8_t kRet = 0xc3;
constexpr std::uintptr_t kPrologueWindow = 96;  // the verified entry's prologue starts within this
constexpr std::uintptr_t kPollWindow = 16;      // the longest poll between `pop rbp` and `ret`
constexpr std::uintptr_t kWord = sizeof(std::uintptr_t);

using Code = const volatile std::uint8_t*;

std::uintptr_t stack_word(std::uintptr_t address) { return *reinterpret_cast<const volatile std::uintptr_t*>(address); }

std::uint32_t imm32(Code p) {
    return static_cast<std::uint32_t>(p[0]) | static_cast<std::uint32_t>(p[1]) << 8 |
           static_cast<std::uint32_t>(p[2]) << 16 | static_cast<std::uint32_t>(p[3]) << 24;
}

// `sub rsp, F` at p: its length and F, or 0.
int sub_rsp(Code p, std::uint32_t& n) {
    if (p[0] != 0x48 || p[2] != 0xec) return 0;
    if (p[1] == 0x83) { n = p[3]; return 4; }
    if (p[1] == 0x81) { n = imm32(p + 3); return 7; }
    return 0;
}

// `mov [rsp + d], rbp` at p: its length and d, or 0.
int save_rbp(Code p, std::uint32_t& d) {
    if (p[0] != 0x48 || p[1] != 0x89) return 0;
    if (p[2] == 0x2c && p[3] == 0x24) { d = 0; return 4; }  // mov [rsp], rbp: a one-word frame (C2's runtime stubs)
    if (p[2] == 0x6c && p[3] == 0x24) { d = p[4]; return 5; }
    if (p[2] == 0xac && p[3] == 0x24) { d = imm32(p + 4); return 8; }
    return 0;
}

// `mov rbp, rsp`, in either encoding (HotSpot's assembler emits 48 8b ec)
bool mov_rbp_rsp(Code p) { return p[0] == 0x48 && ((p[1] == 0x89 && p[2] == 0xe5) || (p[1] == 0x8b && p[2] == 0xec)); }

bool stack_bang_before(Code p) { return p[-7] == 0x89 && p[-6] == 0x84 && p[-5] == 0x24; }

// The nmethod entry barrier at p (`cmp dword [r15 + d], imm32` then `jne rel32`): its length, or 0.
int entry_barrier(Code p) {
    if (p[0] != 0x41 || p[1] != 0x81) return 0;
    int cmp = p[2] == 0x7f ? 8 : p[2] == 0xbf ? 11 : 0;
    if (cmp == 0 || p[cmp] != 0x0f || p[cmp + 1] != 0x85) return 0;
    return cmp + 6;
}

bool ret_follows(Code p) {
    for (std::uintptr_t i = 0; i <= kPollWindow; i++) {
        if (p[i] == kRet) return true;
    }
    return false;
}

// The return poll after `pop rbp`: `cmp rsp, [r15 + d]` (JDK 17+), or `mov r10, [r15 + d]` and a test.
bool poll_at(Code p) {
    return (p[0] == 0x49 && p[1] == 0x3b && (p[2] == 0xa7 || p[2] == 0x67)) ||
           (p[0] == 0x4d && p[1] == 0x8b && (p[2] == 0x97 || p[2] == 0x57));
}

// pc between `pop rbp` and `ret`, inside the poll.
bool in_return_poll(Code pc) {
    if (!ret_follows(pc)) return false;
    for (std::uintptr_t k = 1; k <= kPollWindow; k++) {
        if (pc[-static_cast<std::ptrdiff_t>(k)] == kPopRbp && poll_at(pc - k + 1)) return true;
    }
    return false;
}

// The caller's pc is the word at sp + offset, the caller's sp just above it.
// `patched`: the word may be a pc the code put there rather than a return address (ExceptionStub).
bool pop_to(FrameRegisters& regs, std::uintptr_t offset, KnownCode known, const void* arg, bool patched = false) {
    const std::uintptr_t pc = stack_word(regs.sp + offset);
    const ReturnSite site = known(pc, arg);
    if (site == ReturnSite::Unknown || (site == ReturnSite::Code && !patched && !follows_call(pc))) return false;
    regs.pc = pc;
    regs.sp = regs.sp + offset + kWord;
    return true;
}

// pc inside a prologue whose frame is built from `build` on: before it nothing is on the stack; between the
// instructions that build it `partial` words; from `built` until the entry barrier ends, the whole frame.
bool pop_prologue(Code pc, Code build, Code partial_from, std::uintptr_t partial, Code built, std::uintptr_t whole,
                  FrameRegisters& regs, KnownCode known, const void* arg) {
    if (pc <= build) return pop_to(regs, 0, known, arg);
    if (pc >= partial_from && pc < built) return pop_to(regs, partial, known, arg);
    if (pc >= built && pc < built + entry_barrier(built)) return pop_to(regs, whole, known, arg);
    return false;  // the frame is complete: AGCT's own business
}

// Where a C2 prologue builds its frame: `push rbp` then `sub rsp, f` (the frame f + 8 bytes, one word of it at first),
// or `sub rsp, f` then `mov [rsp + f - 8], rbp` (f bytes at once); PreserveFramePointer's `mov rbp, rsp` within.
struct Prologue {
    Code build = nullptr;         // the first instruction that builds the frame
    Code partial_from = nullptr;  // from here until `built`, `partial` bytes are on the stack
    std::uintptr_t partial = 0;
    Code built = nullptr;         // the frame is whole from here (after the entry barrier, if any)
    std::uintptr_t whole = 0;     // its size, up to the return address
};

bool find_prologue(Code begin, Prologue& found) {
    for (std::uintptr_t i = 0; i < kPrologueWindow; i++) {
        const Code p = begin + i;
        std::uint32_t f = 0;
        if (p[0] == kPushRbp) {
            Code next = p + 1;
            if (mov_rbp_rsp(next)) next += 3;
            const int sub = sub_rsp(next, f);
            if (sub == 0 && next == p + 1 && !stack_bang_before(p)) continue;  // a 0x55 byte of something else
            found = Prologue{p, p + 1, kWord, next + sub, f + kWord};
            return true;
        }
        const int sub = sub_rsp(p, f);
        std::uint32_t saved_at = 0;
        const int save = sub != 0 ? save_rbp(p + sub, saved_at) : 0;
        if (save != 0 && saved_at + kWord == f) {
            Code built = p + sub + save;
            if (mov_rbp_rsp(built)) built += 3;                                    // PreserveFramePointer:
            if (built[0] == 0x48 && built[1] == 0x83 && built[2] == 0xc5) built += 4;  // add rbp, imm8
            found = Prologue{p, p + sub, f, built, f};
            return true;
        }
    }
    return false;
}

bool pop_compiled(std::uintptr_t start, FrameRegisters& regs, KnownCode known, const void* arg) {
    const Code pc = reinterpret_cast<Code>(regs.pc);
    if (pc[0] == kRet) return pop_to(regs, 0, known, arg);
    if (pc[0] == kPopRbp && ret_follows(pc + 1)) {
        // the frame is gone, the caller's rbp not yet restored
        const std::uintptr_t saved_rbp = stack_word(regs.sp);
        if (!pop_to(regs, kWord, known, arg)) return false;
        regs.fp = saved_rbp;
        return true;
    }
    if (in_return_poll(pc)) return pop_to(regs, 0, known, arg);
    if (regs.pc < start || regs.pc - start >= kPrologueWindow + 32) return false;
    // The prologue: find where the frame is built and see which side of it pc is.
    Prologue prologue;
    if (!find_prologue(reinterpret_cast<Code>(start), prologue)) return false;
    return pop_prologue(pc, prologue.build, prologue.partial_from, prologue.partial, prologue.built, prologue.whole,
                        regs, known, arg);
}

// Code compiled as C2 compiles a method, past its prologue, with its frame complete and rsp at its bottom: C2's
// runtime stubs (`_new_instance_Java`, `_new_array_Java`, ...) as they call into the VM. Their frame is as large as
// the prologue made it, with the caller's rbp in its top word and the return address just above. Only where the
// prologue is the stub's first instruction, as in C2's stubs: elsewhere in a stub a `push rbp` is no frame's start.
bool pop_built_c2_frame(std::uintptr_t start, FrameRegisters& regs, KnownCode known, const void* arg) {
    Prologue prologue;
    if (!find_prologue(reinterpret_cast<Code>(start), prologue) || prologue.build != reinterpret_cast<Code>(start)) {
        return false;
    }
    if (reinterpret_cast<Code>(regs.pc) < prologue.built + entry_barrier(prologue.built)) return false;
    const std::uintptr_t saved_rbp = stack_word(regs.sp + prologue.whole - kWord);
    if (!pop_to(regs, prologue.whole, known, arg)) return false;
    regs.fp = saved_rbp;
    return true;
}

// A stub that begins with `enter` (push rbp; mov rbp, rsp) and ends with `leave; ret`: inside it rbp frames it.
bool pop_stub(std::uintptr_t start, FrameRegisters& regs, KnownCode known, const void* arg, bool patched = false) {
    const Code begin = reinterpret_cast<Code>(start);
    if (begin[0] != kPushRbp || !mov_rbp_rsp(begin + 1)) return false;
    const Code pc = reinterpret_cast<Code>(regs.pc);
    if (pc == begin || pc[0] == kRet) return pop_to(regs, 0, known, arg);
    if (pc == begin + 1) return pop_to(regs, kWord, known, arg);
    // rbp must frame this thread's stack just above sp
    if (regs.fp < regs.sp || regs.fp - regs.sp > (1u << 20) || (regs.fp & (kWord - 1)) != 0) return false;
    const std::uintptr_t saved_rbp = stack_word(regs.fp);
    const std::uintptr_t sp = regs.sp;
    regs.sp = regs.fp;
    if (!pop_to(regs, kWord, known, arg, patched)) {
        regs.sp = sp;
        return false;
    }
    regs.fp = saved_rbp;
    return true;
}

// An inline-cache stub: `mov rax, imm64` (the cached value) then `jmp rel32`; pc at either.
bool in_inline_cache_stub(Code pc) {
    return (pc[0] == 0x48 && pc[1] == 0xb8 && pc[10] == 0xe9) || (pc[0] == 0xe9 && pc[-10] == 0x48 && pc[-9] == 0xb8);
}

// Interpreter entries and adapters find their caller through the sender sp (r13), set by whoever jumped in: the
// return address lies just below it. Inside an interpreted method r13 holds the bcp instead, and the word below it
// is bytecode, which no return site check accepts.
bool pop_by_sender_sp(FrameRegisters& regs, KnownCode known, const void* arg) {
    if (regs.sender_sp <= regs.sp || regs.sender_sp - regs.sp > (1u << 20) || (regs.sender_sp & (kWord - 1)) != 0) {
        return false;
    }
    const std::uintptr_t sp = regs.sp;
    regs.sp = regs.sender_sp - kWord;
    if (pop_to(regs, 0, known, arg)) return true;
    regs.sp = sp;
    return false;
}

// The interpreter builds a method's fixed frame a word at a time after `enter` (x86-64 generate_fixed_frame): the
// sender sp (r13) first, then an empty last sp; only then does r13 become the bcp, and the Method*, mirror, profile
// data, cache, locals, bcp and the expression stack's bottom follow. AGCT does not walk such a frame (javac: almost
// all its failures in the interpreter lie in this stretch of the method entry), but its caller is already fixed:
// the return address above the saved rbp, the sender sp in the frame's first word, exactly as the VM takes an
// interpreted frame's sender. Only while r13 no longer holds a stack address and fewer words than the whole fixed
// part lie below rbp: a frame whose fixed part is complete is one AGCT walks (an empty expression stack leaves rsp
// at its bottom, 9 words below rbp), and it keeps callers out of the window; after `leave` rbp is the caller's own,
// complete frame, so rsp lies further below.
constexpr std::uintptr_t kFixedFrameWords = 9;

bool pop_half_built_interpreter_frame(FrameRegisters& regs, KnownCode known, const void* arg) {
    const std::uintptr_t fp = regs.fp;
    if ((fp & (kWord - 1)) != 0 || fp < regs.sp + 2 * kWord || fp - regs.sp >= kFixedFrameWords * kWord) return false;
    if (regs.sender_sp >= regs.sp && regs.sender_sp - regs.sp < (1u << 20)) return false;  // r13: the sender sp still
    const std::uintptr_t sender_sp = stack_word(fp - kWord);
    if (sender_sp < fp + 2 * kWord || sender_sp - fp > (1u << 20) || (sender_sp & (kWord - 1)) != 0) return false;
    const std::uintptr_t pc = stack_word(fp + kWord);
    const ReturnSite site = known(pc, arg);
    if (site == ReturnSite::Unknown || (site == ReturnSite::Code && !follows_call(pc))) return false;
    regs.pc = pc;
    regs.sp = sender_sp;
    regs.fp = stack_word(fp);
    return true;
}

}  // namespace

bool follows_call(std::uintptr_t return_address) {
    const Code r = reinterpret_cast<Code>(return_address);
    if (r[-5] == 0xe8) return true;                                         // call rel32
    if (r[-2] == 0xff && (r[-1] & 0xf8) == 0xd0) return true;               // call reg
    if (r[-3] == 0x41 && r[-2] == 0xff && (r[-1] & 0xf8) == 0xd0) return true;  // call r8..r15
    if (r[-3] == 0xff && (r[-2] & 0xf8) == 0x50) return true;               // call [reg + disp8]
    if (r[-6] == 0xff && (r[-5] & 0xf8) == 0x90) return true;               // call [reg + disp32]
    if (r[-6] == 0xff && r[-5] == 0x15) return true;                        // call [rip + disp32]
    return false;
}

bool pop_native_frames(FrameRegisters& regs, KnownCode known, const void* known_arg) {
    constexpr int kMaxNativeFrames = 8;
    constexpr std::uintptr_t kMaxNativeStack = 16 * 1024;
    const auto return_address = [known, known_arg](std::uintptr_t pc) {
        const ReturnSite site = known(pc, known_arg);
        return site == ReturnSite::Interpreter || (site == ReturnSite::Code && follows_call(pc));
    };
    std::uintptr_t fp = regs.fp;
    for (int frame = 0; frame < kMaxNativeFrames; frame++) {
        if (fp < regs.sp || fp - regs.sp > kMaxNativeStack || (fp & (kWord - 1)) != 0) break;
        const std::uintptr_t slot = fp + kWord;
        if (known(stack_word(slot), known_arg) != ReturnSite::Unknown) {
            if (!return_address(stack_word(slot))) return false;
            if (frame == 0) {
                // rbp may be the caller's still (a routine at its first instruction, or frameless): in compiled
                // code any value, maybe an older Java frame's frame pointer; then the routine's own return address
                // lies below this one, on top of the stack at its first instruction (else it is no sure thing).
                // Past a native frame of the chain, rbp was the routine's own and a word below is a local.
                for (std::uintptr_t below = regs.sp; below < slot; below += kWord) {
                    if (return_address(stack_word(below))) return below == regs.sp && pop_to(regs, 0, known, known_arg);
                }
            }
            regs.pc = stack_word(slot);
            regs.sp = slot + kWord;
            regs.fp = stack_word(fp);
            return true;
        }
        const std::uintptr_t caller_fp = stack_word(fp);
        if (caller_fp <= fp) break;  // the chain only goes up the stack
        fp = caller_fp;
    }
    return pop_to(regs, 0, known, known_arg);  // no chain: at the routine's first instruction, or frameless
}

bool pop_frameless_stub_call(FrameRegisters& regs, KnownCode known, const void* known_arg) {
    const Code ret = reinterpret_cast<Code>(regs.pc);
    if (ret[-5] != 0xe8) return false;
    const Code pad = ret - 9;  // `sub rsp, 8`
    const bool padded = pad[0] == 0x48 && pad[1] == 0x83 && pad[2] == 0xec && pad[3] == 0x08;
    return pop_to(regs, padded ? kWord : 0, known, known_arg);
}

bool pop_unbuilt_frame(CodeShape shape, std::uintptr_t code_start, FrameRegisters& regs, KnownCode known,
                       const void* known_arg) {
    switch (shape) {
        case CodeShape::FramelessStub:
            return pop_to(regs, 0, known, known_arg);
        case CodeShape::CompiledMethod:
            return pop_compiled(code_start, regs, known, known_arg);
        case CodeShape::Stub:
            return pop_stub(code_start, regs, known, known_arg) || pop_built_c2_frame(code_start, regs, known, known_arg);
        case CodeShape::ExceptionStub:
            return pop_stub(code_start, regs, known, known_arg, true);
        case CodeShape::Unknown:
            return in_inline_cache_stub(reinterpret_cast<Code>(regs.pc)) && pop_to(regs, 0, known, known_arg);
        case CodeShape::Adapter:
            // before a C2I adapter sets r13 the return address is still on top of the stack
            return pop_by_sender_sp(regs, known, known_arg) || pop_to(regs, 0, known, known_arg);
        case CodeShape::Interpreter:
            return pop_by_sender_sp(regs, known, known_arg) || pop_half_built_interpreter_frame(regs, known, known_arg);
        case CodeShape::Other:
            break;
    }
    return false;
}

#else

bool follows_call(std::uintptr_t) { return false; }

bool pop_unbuilt_frame(CodeShape, std::uintptr_t, FrameRegisters&, KnownCode, const void*) { return false; }

bool pop_native_frames(FrameRegisters&, KnownCode, const void*) { return false; }

bool pop_frameless_stub_call(FrameRegisters&, KnownCode, const void*) { return false; }

#endif

}  // namespace candor
