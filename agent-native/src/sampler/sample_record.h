#pragma once

#include <climits>
#include <cstdint>

#include "sampler/agct.h"

namespace candor {

// What the signal handler writes into the sample buffer for one sample: this header, then
// frame_count frames in AGCT's layout (leaf first), then, when has_period, the trace period this
// sample's tick ended (a TraceEntry, trace_entry.h): the writer gives it the sample's stack.
enum class RecordKind : std::uint8_t {
    JavaTrace = 1,     // AGCT's frames
    CodeByPc = 2,      // AGCT failed; the interrupted pc lies in a compiled method or stub: one frame
    Failure = 3,       // AGCT failed and the pc is not in known code: no frames, agct_result says why
    Popped = 4,        // AGCT failed on an unbuilt top frame (frame_pop.h): frames[0] is that frame as CodeByPc
                       // gives it, frames[1..] AGCT's walk from its caller
};

enum class RunState : std::uint8_t {
    Running = 1,  // cpu mode: always; wall mode: JVMTI said RUNNABLE just before the signal
    Waiting = 2,  // wall mode: sleeping, waiting, blocked, parked
};

struct SampleRecord {
    std::uint32_t thread_slot;  // the thread's index in the ThreadRegistry
    std::int32_t agct_result;   // AGCT's num_frames: > 0 frames, <= 0 its failure code
    RecordKind kind;
    RunState state;
    std::uint8_t truncated;     // AGCT filled all `depth` frames: outer frames are missing
    std::uint8_t has_period;    // tracing: a TraceEntry follows the frames
    std::uint32_t frame_count;
    std::uint64_t reserved1;    // keeps the frames 8-byte aligned and the header at 24 bytes

    const ASGCT_CallFrame* frames() const { return reinterpret_cast<const ASGCT_CallFrame*>(this + 1); }
    ASGCT_CallFrame* frames() { return reinterpret_cast<ASGCT_CallFrame*>(this + 1); }
};

static_assert(sizeof(SampleRecord) == 24, "record header layout");
static_assert(sizeof(ASGCT_CallFrame) == 16, "AGCT frame layout");

// A CodeByPc frame for a stub: lineno holds this marker and method_id the stub's name index.
// A frame of a compiled method found by pc has lineno kPcFrame and its jmethodID.
constexpr jint kStubFrame = INT_MIN;
constexpr jint kPcFrame = INT_MIN + 1;

}  // namespace candor
