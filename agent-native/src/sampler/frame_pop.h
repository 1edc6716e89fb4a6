#pragma once

#include <cstdint>

namespace candor {

// The registers AsyncGetCallTrace starts a walk from.
struct FrameRegisters {
    std::uintptr_t pc = 0;
    std::uintptr_t sp = 0;
    std::uintptr_t fp = 0;
    std::uintptr_t sender_sp = 0;  // x86-64 r13: the sender's sp at an interpreter or adapter entry (else the bcp)
};

// What the code map knows about the code the interrupted pc lies in.
enum class CodeShape : std::uint8_t {
    Other = 0,           // never popped
    CompiledMethod = 1,  // frameless only in its prologue and epilogue
    FramelessStub = 2,   // a vtable or itable stub: jumps on, never builds a frame
    Interpreter = 3,     // the template interpreter: its calls push their return address themselves; popped
                         // only at a method's entry: from the sender sp (r13), or from a fixed frame half built
    Stub = 4,            // another stub (arraycopy, GC barriers, ...): popped when it begins with `enter`
    Unknown = 5,         // no code the JVM reported: popped only from an inline-cache stub (`mov rax, imm64;
                         // jmp`), frameless code in the InlineCacheBuffer, which JVMTI never names
    Adapter = 6,         // an I2C/C2I adapter: frameless, the return address just below the sender sp (r13)
    ExceptionStub = 7,   // C1's handle_exception stubs: a Stub whose rbp frame's return address is patched with
                         // the throwing pc (known code, but after no call) before it asks the VM for a handler
};

// What a return address lies in: nothing the JVM generated, other generated code (compiled methods, stubs), or
// the interpreter (whose return addresses follow no call instruction: an invoke pushes the bytecode's return
// entry, then jumps).
enum class ReturnSite : std::uint8_t { Unknown = 0, Code = 1, Interpreter = 2 };
using KnownCode = ReturnSite (*)(std::uintptr_t pc, const void* arg);

// AsyncGetCallTrace gives up on a thread in Java whose top frame is not built: the pc in a compiled
// method's prologue (before its frame exists) or epilogue (after it is gone), or in a vtable/itable
// stub; nor does it walk out of the stubs that build an rbp frame of their own (`enter`: arraycopy,
// C1's runtime stubs such as the G1 post barrier). On javac that is most of its failed walks: small methods spend much of their time there. The
// caller's frame is whole, though, and the return address into it is on the stack at a place these
// few instruction shapes fix. This finds the caller's registers (x86-64 HotSpot code; elsewhere it
// always answers false) so that AGCT can walk from there; the sample then keeps all its callers.
//
// The return address is accepted only when it lies in the interpreter or in other known code right after a
// call instruction, so a wrong guess is refused rather than charged to the wrong caller. Reads code bytes around pc and a
// few stack words: call it only inside the crash guard. False when pc is at no point it recognises.
bool pop_unbuilt_frame(CodeShape shape, std::uintptr_t code_start, FrameRegisters& regs, KnownCode known,
                       const void* known_arg);

// A thread in Java whose pc lies in no generated code: a leaf call from compiled code into the VM or a library
// (a math or runtime routine the JIT calls directly, without a frame anchor, so the thread stays _thread_in_Java and
// AsyncGetCallTrace finds no Java frame at its pc). HotSpot's C++ code keeps frame pointers: the chain of saved rbp
// words leads to the return address into the calling code within a few frames (at most 8, within 16 KiB above sp),
// accepted only as a return address in known code right after a call (as pop_unbuilt_frame does). Found in the
// chain's first frame, rbp may still be the caller's (a routine at its first instruction, or frameless), and in
// compiled code that may frame an older Java frame, whose chain would skip the real caller: then no word between sp
// and it may be a return address too, except the top of the stack, which is taken instead. Without a chain, the top
// of the stack. Reads stack words: call it only inside the crash guard.
bool pop_native_frames(FrameRegisters& regs, KnownCode known, const void* known_arg);

// After pop_native_frames, regs.pc a return address in a stub that built no rbp frame: a leaf call made by a
// frameless stub (C1's unwind_exception asks the VM for the caller's exception handler so, with the return address
// into that caller on top of the stack). The call is `call rel32`, after `sub rsp, 8` where the VM aligned the stack
// for it; the caller's return address is the word above the stub's sp, past that padding. Reads code and stack: only
// inside the crash guard.
bool pop_frameless_stub_call(FrameRegisters& regs, KnownCode known, const void* known_arg);

// Whether a return address follows a call instruction (direct, or indirect through a register or
// memory). Reads the bytes before it.
bool follows_call(std::uintptr_t return_address);

}  // namespace candor
