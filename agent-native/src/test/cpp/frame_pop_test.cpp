// Popping a frame AGCT could not walk: HotSpot's x86-64 prologue and epilogue shapes, vtable/itable stubs,
// and the refusals (a return address that follows no call, or lies outside known code; a pc in a built frame).
#include <cstdint>
#include <cstring>
#include <vector>

#include "check.h"
#include "sampler/frame_pop.h"

using candor::CodeShape;
using candor::FrameRegisters;
using candor::pop_unbuilt_frame;

#if defined(__x86_64__)

namespace {

// A caller's code: a direct call, an indirect call through a register, then filler.
struct Caller {
    std::uint8_t code[64];
    std::uint8_t interpreter[16];
    Caller() {
        std::memset(code, 0x90, sizeof code);
        const std::uint8_t call_rel32[] = {0xe8, 0x10, 0x20, 0x30, 0x40};
        std::memcpy(code + 8, call_rel32, sizeof call_rel32);
        code[30] = 0xff;  // call r11: 41 ff d3
        code[29] = 0x41;
        code[31] = 0xd3;
    }
    std::uintptr_t after_direct_call() const { return reinterpret_cast<std::uintptr_t>(code + 13); }
    std::uintptr_t after_indirect_call() const { return reinterpret_cast<std::uintptr_t>(code + 32); }
    std::uintptr_t no_call() const { return reinterpret_cast<std::uintptr_t>(code + 50); }
    std::uintptr_t interpreter_return_entry() const { return reinterpret_cast<std::uintptr_t>(interpreter + 4); }
};

struct Range {
    std::uintptr_t begin;
    std::uintptr_t end;
};

// The caller's code is known code; the 16 bytes after it stand for the interpreter.
candor::ReturnSite in_range(std::uintptr_t pc, const void* arg) {
    const auto* range = static_cast<const Range*>(arg);
    if (pc >= range->begin && pc < range->end) return candor::ReturnSite::Code;
    if (pc >= range->end && pc < range->end + 16) return candor::ReturnSite::Interpreter;
    return candor::ReturnSite::Unknown;
}

// A compiled method as C2 lays it out: inline-cache check, nops, the prologue, body, epilogue.
enum class Prologue { Bang, BangTwoWords, NoBang, BangBarrier };

struct Method {
    std::vector<std::uint8_t> code;
    std::size_t push_at = 0, sub_at = 0, save_at = 0, barrier_at = 0, body_at = 0, add_at = 0, pop_at = 0,
                poll_at = 0, ret_at = 0;

    // Offsets index `code`; the method starts after 16 bytes of padding, so bytes before it can be read.
    explicit Method(Prologue shape = Prologue::Bang) {
        code.assign(16, 0xcc);
        const std::uint8_t ic[] = {0x44, 0x8b, 0x56, 0x08, 0x49, 0x3b, 0xc2, 0x0f, 0x85, 0x00, 0x00, 0x00, 0x00};
        add(ic, sizeof ic);
        while (code.size() < 48) code.push_back(0x90);
        if (shape == Prologue::NoBang) {
            sub_at = code.size();
            const std::uint8_t sub[] = {0x48, 0x81, 0xec, 0x28, 0x00, 0x00, 0x00};  // sub rsp, 0x28 (imm32)
            add(sub, sizeof sub);
            save_at = code.size();
            const std::uint8_t save[] = {0x48, 0x89, 0x6c, 0x24, 0x20};  // mov [rsp + 0x20], rbp
            add(save, sizeof save);
        } else {
            const std::uint8_t bang[] = {0x89, 0x84, 0x24, 0x00, 0xc0, 0xfe, 0xff};
            add(bang, sizeof bang);
            push_at = code.size();
            code.push_back(0x55);
            sub_at = code.size();
            if (shape != Prologue::BangTwoWords) {
                const std::uint8_t sub[] = {0x48, 0x83, 0xec, 0x20};
                add(sub, sizeof sub);
            }
        }
        barrier_at = code.size();
        if (shape == Prologue::BangBarrier) {
            // cmp dword [r15 + 0x20], 0; jne rel32
            const std::uint8_t barrier[] = {0x41, 0x81, 0x7f, 0x20, 0x00, 0x00, 0x00, 0x00,
                                            0x0f, 0x85, 0x10, 0x00, 0x00, 0x00};
            add(barrier, sizeof barrier);
        }
        body_at = code.size();
        for (int i = 0; i < 40; i++) code.push_back(0x90);
        add_at = code.size();
        const std::uint8_t add_rsp[] = {0x48, 0x83, 0xc4, 0x20};
        add(add_rsp, sizeof add_rsp);
        pop_at = code.size();
        code.push_back(0x5d);
        poll_at = code.size();
        const std::uint8_t poll[] = {0x49, 0x3b, 0xa7, 0x48, 0x03, 0x00, 0x00, 0x0f, 0x87, 0x01, 0x00, 0x00, 0x00};
        add(poll, sizeof poll);
        ret_at = code.size();
        code.push_back(0xc3);
        while (code.size() < 192) code.push_back(0xcc);
    }
    void add(const std::uint8_t* bytes, std::size_t n) { code.insert(code.end(), bytes, bytes + n); }
    std::uintptr_t start() const { return reinterpret_cast<std::uintptr_t>(code.data()) + 16; }
    std::uintptr_t at(std::size_t offset) const { return reinterpret_cast<std::uintptr_t>(code.data()) + offset; }
};

struct Stack {
    std::uintptr_t words[16] = {};
    std::uintptr_t sp() const { return reinterpret_cast<std::uintptr_t>(words); }
};

struct World {
    Caller caller;
    Range known{reinterpret_cast<std::uintptr_t>(caller.code), reinterpret_cast<std::uintptr_t>(caller.code) + 64};
    Stack stack;

    bool pop(CodeShape shape, std::uintptr_t start, std::uintptr_t pc, FrameRegisters& regs) {
        regs.pc = pc;
        regs.sp = stack.sp();
        regs.fp = 0x1234;
        return pop_unbuilt_frame(shape, start, regs, in_range, &known);
    }
};

}  // namespace

TEST(frame_pop_at_ret_takes_the_return_address_on_top_of_the_stack) {
    World w;
    Method m;
    w.stack.words[0] = w.caller.after_direct_call();
    FrameRegisters regs;
    CHECK(w.pop(CodeShape::CompiledMethod, m.start(), m.at(m.ret_at), regs));
    CHECK(regs.pc == w.caller.after_direct_call());
    CHECK(regs.sp == w.stack.sp() + 8);
    CHECK(regs.fp == 0x1234);
}

TEST(frame_pop_at_pop_rbp_restores_the_callers_rbp) {
    World w;
    Method m;
    w.stack.words[0] = 0xabcdef;  // the saved rbp
    w.stack.words[1] = w.caller.after_indirect_call();
    FrameRegisters regs;
    CHECK(w.pop(CodeShape::CompiledMethod, m.start(), m.at(m.pop_at), regs));
    CHECK(regs.pc == w.caller.after_indirect_call());
    CHECK(regs.sp == w.stack.sp() + 16);
    CHECK(regs.fp == 0xabcdef);
}

TEST(frame_pop_in_the_return_poll_takes_the_top_word) {
    World w;
    Method m;
    w.stack.words[0] = w.caller.after_direct_call();
    FrameRegisters regs;
    for (std::size_t offset : {m.poll_at, m.poll_at + 7}) {  // at the cmp, at the ja
        CHECK(w.pop(CodeShape::CompiledMethod, m.start(), m.at(offset), regs));
        CHECK(regs.pc == w.caller.after_direct_call());
        CHECK(regs.sp == w.stack.sp() + 8);
    }
}

TEST(frame_pop_in_the_prologue_before_and_after_push_rbp) {
    World w;
    Method m;
    FrameRegisters regs;
    w.stack.words[0] = w.caller.after_direct_call();
    for (std::size_t offset : {std::size_t{16}, std::size_t{36}, m.push_at}) {  // inline-cache check, nops, push itself
        CHECK(w.pop(CodeShape::CompiledMethod, m.start(), m.at(offset), regs));
        CHECK(regs.pc == w.caller.after_direct_call());
        CHECK(regs.sp == w.stack.sp() + 8);
    }
    w.stack.words[0] = 0x5555;  // the pushed rbp
    w.stack.words[1] = w.caller.after_direct_call();
    CHECK(w.pop(CodeShape::CompiledMethod, m.start(), m.at(m.sub_at), regs));
    CHECK(regs.pc == w.caller.after_direct_call());
    CHECK(regs.sp == w.stack.sp() + 16);
    CHECK(regs.fp == 0x1234);
}

TEST(frame_pop_without_a_stack_bang_the_return_address_is_above_the_frame) {
    World w;
    Method m(Prologue::NoBang);
    FrameRegisters regs;
    w.stack.words[0] = w.caller.after_direct_call();
    CHECK(w.pop(CodeShape::CompiledMethod, m.start(), m.at(m.sub_at), regs));
    CHECK(regs.sp == w.stack.sp() + 8);
    // at the mov: rsp is 0x28 lower, so the return address is at rsp + 0x28, rbp's slot just below it
    w.stack.words[0] = 0;
    w.stack.words[0x28 / 8] = w.caller.after_direct_call();
    CHECK(w.pop(CodeShape::CompiledMethod, m.start(), m.at(m.save_at), regs));
    CHECK(regs.pc == w.caller.after_direct_call());
    CHECK(regs.sp == w.stack.sp() + 0x28 + 8);
    CHECK(!w.pop(CodeShape::CompiledMethod, m.start(), m.at(m.body_at), regs));
}

TEST(frame_pop_of_a_two_word_frame_knows_push_rbp_by_the_stack_bang_before_it) {
    World w;
    Method m(Prologue::BangTwoWords);
    FrameRegisters regs;
    w.stack.words[0] = w.caller.after_direct_call();
    CHECK(w.pop(CodeShape::CompiledMethod, m.start(), m.at(m.push_at), regs));
    CHECK(regs.sp == w.stack.sp() + 8);
    CHECK(!w.pop(CodeShape::CompiledMethod, m.start(), m.at(m.body_at), regs));
}

TEST(frame_pop_in_the_entry_barrier_takes_the_whole_frame) {
    World w;
    Method m(Prologue::BangBarrier);
    FrameRegisters regs;
    w.stack.words[0x20 / 8 + 1] = w.caller.after_indirect_call();  // above the frame and the pushed rbp
    CHECK(w.pop(CodeShape::CompiledMethod, m.start(), m.at(m.barrier_at), regs));
    CHECK(regs.pc == w.caller.after_indirect_call());
    CHECK(regs.sp == w.stack.sp() + 0x20 + 16);
    CHECK(w.pop(CodeShape::CompiledMethod, m.start(), m.at(m.barrier_at + 8), regs));  // at the jne
    CHECK(!w.pop(CodeShape::CompiledMethod, m.start(), m.at(m.body_at), regs));
}

TEST(frame_pop_leaves_a_built_frame_to_agct) {
    World w;
    Method m;
    w.stack.words[0] = w.caller.after_direct_call();
    w.stack.words[1] = w.caller.after_direct_call();
    FrameRegisters regs;
    CHECK(!w.pop(CodeShape::CompiledMethod, m.start(), m.at(m.body_at + 10), regs));
    CHECK(!w.pop(CodeShape::CompiledMethod, m.start(), m.at(m.add_at), regs));
    CHECK(!w.pop(CodeShape::Other, m.start(), m.at(m.ret_at), regs));
}

TEST(frame_pop_refuses_a_return_address_that_follows_no_call_or_lies_outside_known_code) {
    World w;
    Method m;
    FrameRegisters regs;
    w.stack.words[0] = w.caller.no_call();
    CHECK(!w.pop(CodeShape::CompiledMethod, m.start(), m.at(m.ret_at), regs));
    CHECK(regs.pc == m.at(m.ret_at));  // untouched
    w.stack.words[0] = m.at(m.body_at);  // not in the known range
    CHECK(!w.pop(CodeShape::CompiledMethod, m.start(), m.at(m.ret_at), regs));
}

TEST(frame_pop_takes_a_return_address_into_the_interpreter_without_a_call_before_it) {
    World w;
    Method m;
    std::memset(w.caller.interpreter, 0x90, sizeof w.caller.interpreter);
    w.stack.words[0] = w.caller.interpreter_return_entry();
    FrameRegisters regs;
    CHECK(w.pop(CodeShape::CompiledMethod, m.start(), m.at(m.push_at), regs));
    CHECK(regs.pc == w.caller.interpreter_return_entry());
}

TEST(frame_pop_of_a_stub_with_an_rbp_frame_follows_rbp) {
    World w;
    std::uint8_t stub[32];
    std::memset(stub, 0x90, sizeof stub);
    const std::uint8_t enter[] = {0x55, 0x48, 0x8b, 0xec};  // push rbp; mov rbp, rsp as HotSpot encodes it
    std::memcpy(stub, enter, sizeof enter);
    const auto start = reinterpret_cast<std::uintptr_t>(stub);
    FrameRegisters regs;
    // deep inside: rbp points at the saved rbp, the return address above it
    w.stack.words[4] = 0x7777;
    w.stack.words[5] = w.caller.after_direct_call();
    regs.pc = start + 12;
    regs.sp = w.stack.sp();
    regs.fp = w.stack.sp() + 4 * 8;
    CHECK(pop_unbuilt_frame(CodeShape::Stub, start, regs, in_range, &w.known));
    CHECK(regs.pc == w.caller.after_direct_call());
    CHECK(regs.sp == w.stack.sp() + 6 * 8);
    CHECK(regs.fp == 0x7777);
    // right after enter rbp equals rsp
    w.stack.words[0] = 0x6666;
    w.stack.words[1] = w.caller.after_indirect_call();
    regs.pc = start + 12;
    regs.sp = w.stack.sp();
    regs.fp = w.stack.sp();
    CHECK(pop_unbuilt_frame(CodeShape::Stub, start, regs, in_range, &w.known));
    CHECK(regs.pc == w.caller.after_indirect_call());
    CHECK(regs.sp == w.stack.sp() + 16);
    CHECK(regs.fp == 0x6666);
    // at its first instruction nothing is pushed yet
    w.stack.words[0] = w.caller.after_indirect_call();
    CHECK(w.pop(CodeShape::Stub, start, start, regs));
    CHECK(regs.pc == w.caller.after_indirect_call());
    // rbp below sp cannot be this stub's frame
    regs.pc = start + 12;
    regs.sp = w.stack.sp() + 64;
    regs.fp = w.stack.sp();
    CHECK(!pop_unbuilt_frame(CodeShape::Stub, start, regs, in_range, &w.known));
    // a stub that does not begin with enter is left alone
    stub[0] = 0x90;
    CHECK(!w.pop(CodeShape::Stub, start, start + 12, regs));
}

TEST(frame_pop_in_unknown_code_takes_only_an_inline_cache_stub) {
    World w;
    std::uint8_t code[48];
    std::memset(code, 0x90, sizeof code);
    const std::uint8_t ic_stub[] = {0x48, 0xb8, 1, 2, 3, 4, 5, 6, 7, 8, 0xe9, 0x10, 0x20, 0x30, 0x40};  // mov rax; jmp
    std::memcpy(code + 16, ic_stub, sizeof ic_stub);
    const auto base = reinterpret_cast<std::uintptr_t>(code);
    w.stack.words[0] = w.caller.after_direct_call();
    FrameRegisters regs;
    CHECK(w.pop(CodeShape::Unknown, 0, base + 16, regs));  // at the mov
    CHECK(regs.pc == w.caller.after_direct_call());
    CHECK(w.pop(CodeShape::Unknown, 0, base + 26, regs));  // at the jmp
    CHECK(!w.pop(CodeShape::Unknown, 0, base + 30, regs));
    CHECK(!w.pop(CodeShape::Unknown, 0, base + 4, regs));
}

TEST(frame_pop_of_an_adapter_or_interpreter_entry_uses_the_sender_sp) {
    World w;
    std::uint8_t code[16] = {};
    const auto start = reinterpret_cast<std::uintptr_t>(code);
    FrameRegisters regs;
    // an I2C adapter that has realigned rsp: the return address is just below r13
    w.stack.words[6] = w.caller.interpreter_return_entry();
    std::memset(w.caller.interpreter, 0x90, sizeof w.caller.interpreter);
    regs.pc = start + 3;
    regs.sp = w.stack.sp();
    regs.fp = 0x1234;
    regs.sender_sp = w.stack.sp() + 7 * 8;
    CHECK(pop_unbuilt_frame(CodeShape::Adapter, start, regs, in_range, &w.known));
    CHECK(regs.pc == w.caller.interpreter_return_entry());
    CHECK(regs.sp == w.stack.sp() + 7 * 8);
    CHECK(regs.fp == 0x1234);
    // an interpreter entry likewise
    regs.pc = start + 3;
    regs.sp = w.stack.sp();
    regs.sender_sp = w.stack.sp() + 7 * 8;
    CHECK(pop_unbuilt_frame(CodeShape::Interpreter, start, regs, in_range, &w.known));
    // inside an interpreted method r13 is the bcp: the bytes below it are bytecode, no return address
    std::uint8_t bytecode[32];
    std::memset(bytecode, 0x2a, sizeof bytecode);
    regs.pc = start + 3;
    regs.sp = w.stack.sp();
    regs.sender_sp = reinterpret_cast<std::uintptr_t>(bytecode + 16);
    CHECK(!pop_unbuilt_frame(CodeShape::Interpreter, start, regs, in_range, &w.known));
    // a C2I adapter before it sets r13: the return address is still on top
    w.stack.words[0] = w.caller.after_direct_call();
    w.stack.words[6] = 0;
    regs.pc = start + 3;
    regs.sp = w.stack.sp();
    regs.sender_sp = w.stack.sp() + 7 * 8;
    CHECK(pop_unbuilt_frame(CodeShape::Adapter, start, regs, in_range, &w.known));
    CHECK(regs.pc == w.caller.after_direct_call());
    CHECK(regs.sp == w.stack.sp() + 8);
}

TEST(frame_pop_of_a_vtable_stub_takes_the_top_word) {
    World w;
    Method stub;
    w.stack.words[0] = w.caller.after_indirect_call();
    FrameRegisters regs;
    CHECK(w.pop(CodeShape::FramelessStub, stub.start(), stub.at(5), regs));
    CHECK(regs.pc == w.caller.after_indirect_call());
    CHECK(regs.sp == w.stack.sp() + 8);
}

TEST(frame_pop_of_a_half_built_interpreter_frame_takes_its_sender) {
    World w;
    std::uint8_t code[16] = {};
    std::uint8_t bytecode[32];
    std::memset(bytecode, 0x2a, sizeof bytecode);
    std::memset(w.caller.interpreter, 0x90, sizeof w.caller.interpreter);
    const auto start = reinterpret_cast<std::uintptr_t>(code);
    // rbp at words[12]: the caller's rbp, the return address above it, the sender sp pushed below it, r13 the bcp
    const std::uintptr_t fp = w.stack.sp() + 12 * 8;
    w.stack.words[12] = 0xfeed0;
    w.stack.words[13] = w.caller.interpreter_return_entry();
    w.stack.words[11] = w.stack.sp() + 15 * 8;
    FrameRegisters regs;
    auto at = [&](std::uintptr_t words_below_fp) {
        regs.pc = start + 3;
        regs.fp = fp;
        regs.sp = fp - words_below_fp * 8;
        regs.sender_sp = reinterpret_cast<std::uintptr_t>(bytecode + 4);
        return pop_unbuilt_frame(CodeShape::Interpreter, start, regs, in_range, &w.known);
    };
    CHECK(at(2));  // sender sp and last sp pushed, r13 just became the bcp
    CHECK(regs.pc == w.caller.interpreter_return_entry());
    CHECK(regs.sp == w.stack.sp() + 15 * 8);
    CHECK(regs.fp == 0xfeed0);
    CHECK(at(8));  // one word short of the whole fixed part
    // the whole fixed part pushed (9 words), or more: a frame AGCT walks, or the caller's after a `leave`
    CHECK(!at(9));
    CHECK(!at(11));
    // rbp just set (nothing below it yet)
    CHECK(!at(1));
    // r13 still the sender sp: the entry before r13 turned into the bcp, popped from r13 only
    regs.pc = start + 3;
    regs.fp = fp;
    regs.sp = fp - 2 * 8;
    regs.sender_sp = w.stack.sp() + 15 * 8;
    CHECK(!pop_unbuilt_frame(CodeShape::Interpreter, start, regs, in_range, &w.known));
    // a return address that follows no call, then one that does; a sender sp below rbp
    w.stack.words[13] = w.caller.no_call();
    CHECK(!at(2));
    w.stack.words[13] = w.caller.after_direct_call();
    CHECK(at(2));
    CHECK(regs.pc == w.caller.after_direct_call());
    w.stack.words[11] = fp - 8;
    CHECK(!at(2));
}

TEST(frame_pop_of_a_c2_stub_with_its_frame_built_takes_the_size_from_its_prologue) {
    // C2's runtime stubs (_new_instance_Java, ...) frame themselves as C2 methods do, not with `enter`: called into
    // the VM, rsp is their frame's bottom, the caller's rbp in its top word, the return address above it
    struct Shape {
        std::vector<std::uint8_t> prologue;
        std::size_t frame_words;  // up to the return address
    };
    const Shape shapes[] = {
        {{0x48, 0x81, 0xec, 0x08, 0x00, 0x00, 0x00, 0x48, 0x89, 0x2c, 0x24}, 1},  // JDK 17: sub rsp, 8; mov [rsp], rbp
        {{0x48, 0x83, 0xec, 0x28, 0x48, 0x89, 0x6c, 0x24, 0x20}, 5},              // sub rsp, 0x28; mov [rsp+0x20], rbp
        {{0x55, 0x48, 0x83, 0xec, 0x20}, 5},                                      // push rbp; sub rsp, 0x20
    };
    for (const Shape& shape : shapes) {
        World w;
        std::uint8_t code[64];
        std::memset(code, 0x90, sizeof code);
        std::memcpy(code, shape.prologue.data(), shape.prologue.size());
        const auto start = reinterpret_cast<std::uintptr_t>(code);
        w.stack.words[shape.frame_words - 1] = 0xbeef0;
        w.stack.words[shape.frame_words] = w.caller.after_indirect_call();
        FrameRegisters regs;
        CHECK(w.pop(CodeShape::Stub, start, start + 37, regs));
        CHECK(regs.pc == w.caller.after_indirect_call());
        CHECK(regs.sp == w.stack.sp() + (shape.frame_words + 1) * 8);
        CHECK(regs.fp == 0xbeef0);
        // in the prologue the frame is not whole yet: not this pop's
        CHECK(!w.pop(CodeShape::Stub, start, start + 1, regs));
        // a return address that follows no call is refused
        w.stack.words[shape.frame_words] = w.caller.no_call();
        CHECK(!w.pop(CodeShape::Stub, start, start + 37, regs));
    }
    // a C2 method's prologue after its inline-cache check is no stub's frame
    World w;
    Method m(Prologue::Bang);
    w.stack.words[4] = 0xbeef0;
    w.stack.words[5] = w.caller.after_direct_call();
    FrameRegisters regs;
    CHECK(!w.pop(CodeShape::Stub, m.start(), m.at(m.body_at + 8), regs));
}

TEST(frame_pop_native_frames_follows_the_rbp_chain_to_the_java_caller) {
    World w;
    FrameRegisters regs;
    // sp -> [0] local, [1] local, [2] saved rbp (-> [6]), [3] return into another native routine,
    //       [4] local, [5] local, [6] saved rbp (the Java caller's), [7] return into the Java caller
    w.stack.words[2] = w.stack.sp() + 6 * 8;
    w.stack.words[3] = 0x4000;  // native code: no known code
    w.stack.words[6] = 0x5151;
    w.stack.words[7] = w.caller.after_indirect_call();
    regs.pc = 0x9000;
    regs.sp = w.stack.sp();
    regs.fp = w.stack.sp() + 2 * 8;
    CHECK(candor::pop_native_frames(regs, in_range, &w.known));
    CHECK(regs.pc == w.caller.after_indirect_call());
    CHECK(regs.sp == w.stack.sp() + 8 * 8);
    CHECK(regs.fp == 0x5151);
}

TEST(frame_pop_native_frames_at_the_first_instruction_takes_the_top_word) {
    World w;
    FrameRegisters regs;
    w.stack.words[0] = w.caller.after_direct_call();
    regs.pc = 0x9000;
    regs.sp = w.stack.sp();
    regs.fp = 0x1234;  // the caller's: compiled code may use rbp for anything
    CHECK(candor::pop_native_frames(regs, in_range, &w.known));
    CHECK(regs.pc == w.caller.after_direct_call());
    CHECK(regs.sp == w.stack.sp() + 8);
    CHECK(regs.fp == 0x1234);
}

TEST(frame_pop_native_frames_prefers_a_chain_past_a_native_frame_to_a_local_on_top) {
    World w;
    FrameRegisters regs;
    // the routine has its frame and spilled its argument, a return address, on top of the stack
    w.stack.words[0] = w.caller.after_direct_call();
    w.stack.words[2] = w.stack.sp() + 4 * 8;
    w.stack.words[3] = 0x4000;  // a native caller
    w.stack.words[4] = 0x5151;
    w.stack.words[5] = w.caller.after_indirect_call();
    regs.pc = 0x9000;
    regs.sp = w.stack.sp();
    regs.fp = w.stack.sp() + 2 * 8;
    CHECK(candor::pop_native_frames(regs, in_range, &w.known));
    CHECK(regs.pc == w.caller.after_indirect_call());
    CHECK(regs.sp == w.stack.sp() + 6 * 8);
}

TEST(frame_pop_native_frames_refuses_a_chain_that_skips_a_return_address_below_it) {
    World w;
    FrameRegisters regs;
    // a frameless routine that pushed a word: its own return address is at [1]; rbp still the Java caller's, whose
    // frame pointer leads to an older return address at [5]: taking it would skip the real caller
    w.stack.words[0] = 0x77;
    w.stack.words[1] = w.caller.after_direct_call();
    w.stack.words[4] = 0x5151;
    w.stack.words[5] = w.caller.after_indirect_call();
    regs.pc = 0x9000;
    regs.sp = w.stack.sp();
    regs.fp = w.stack.sp() + 4 * 8;
    CHECK(!candor::pop_native_frames(regs, in_range, &w.known));
    CHECK(regs.pc == 0x9000);  // untouched
    // past a native frame of the chain, rbp was the routine's own: the word is taken as a stale local
    w.stack.words[2] = w.stack.sp() + 4 * 8;
    w.stack.words[3] = 0x4000;
    regs.fp = w.stack.sp() + 2 * 8;
    CHECK(candor::pop_native_frames(regs, in_range, &w.known));
    CHECK(regs.pc == w.caller.after_indirect_call());
}

TEST(frame_pop_native_frames_refuses_what_is_no_call_site_or_no_chain) {
    World w;
    FrameRegisters regs;
    w.stack.words[2] = 0x5151;
    w.stack.words[3] = w.caller.no_call();  // known code, but no call before it
    regs.pc = 0x9000;
    regs.sp = w.stack.sp();
    regs.fp = w.stack.sp() + 2 * 8;
    CHECK(!candor::pop_native_frames(regs, in_range, &w.known));
    // rbp below sp, or a chain that goes down the stack, is no chain of this thread's frames
    regs.fp = w.stack.sp() - 8;
    CHECK(!candor::pop_native_frames(regs, in_range, &w.known));
    w.stack.words[2] = w.stack.sp();
    w.stack.words[3] = 0x4000;
    regs.fp = w.stack.sp() + 2 * 8;
    CHECK(!candor::pop_native_frames(regs, in_range, &w.known));
}

TEST(frame_pop_frameless_stub_call_skips_the_alignment_padding) {
    World w;
    // C1's unwind_exception: ... test esp, 15; je L; sub rsp, 8; call rel32; add rsp, 8; jmp E; L: call rel32; E: ...
    std::uint8_t stub[48];
    std::memset(stub, 0x90, sizeof stub);
    const std::uint8_t padded[] = {0x48, 0x83, 0xec, 0x08, 0xe8, 0x00, 0x01, 0x02, 0x03};
    std::memcpy(stub + 8, padded, sizeof padded);  // returns to stub + 17
    const std::uint8_t plain[] = {0xe8, 0x00, 0x01, 0x02, 0x03};
    std::memcpy(stub + 30, plain, sizeof plain);  // returns to stub + 35
    FrameRegisters regs;
    w.stack.words[0] = 0x5555;  // the padding
    w.stack.words[1] = w.caller.after_direct_call();
    regs.pc = reinterpret_cast<std::uintptr_t>(stub + 17);
    regs.sp = w.stack.sp();
    regs.fp = 0x1234;
    CHECK(candor::pop_frameless_stub_call(regs, in_range, &w.known));
    CHECK(regs.pc == w.caller.after_direct_call());
    CHECK(regs.sp == w.stack.sp() + 16);
    CHECK(regs.fp == 0x1234);
    w.stack.words[0] = w.caller.after_indirect_call();
    regs.pc = reinterpret_cast<std::uintptr_t>(stub + 35);
    regs.sp = w.stack.sp();
    CHECK(candor::pop_frameless_stub_call(regs, in_range, &w.known));
    CHECK(regs.pc == w.caller.after_indirect_call());
    CHECK(regs.sp == w.stack.sp() + 8);
    // a return address that follows no call rel32 is not this shape
    regs.pc = reinterpret_cast<std::uintptr_t>(stub + 40);
    CHECK(!candor::pop_frameless_stub_call(regs, in_range, &w.known));
}

#endif
