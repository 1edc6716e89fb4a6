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

// Whether a return address follows a call instruction (direct, or indirect through a register or
// memory). Reads the bytes before it.
bool follows_call(std::uintptr_t return_address);

}  // namespace candor
