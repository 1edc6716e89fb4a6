#pragma once

#include <cstdint>

// The bytes of a trace file (docs/formats/trace.md): what the trace writer puts on disk. Little-endian, as the
// hosts libcandor.so builds for are; the records are written as these structs are laid out in memory.
namespace candor::trace_format {

static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "trace files are little-endian");

constexpr char kMagic[8] = {'C', 'N', 'D', 'T', 'R', 'A', 'C', 'E'};
constexpr std::uint16_t kMajor = 1;
constexpr std::uint16_t kMinor = 1;  // 1: periods end at context switches (flags kSwitch, kOffCpu)
constexpr std::uint32_t kMergedCpu = 0xFFFFFFFFu;

// The counters of version 1.0, in their order (the meta's counter lines).
enum Counter : int { TaskClock = 0, PageFaults = 1, VoluntarySwitches = 2, InvoluntarySwitches = 3, kCounters = 4 };

enum RecordType : std::uint8_t { Period = 1, Marker = 2, Meta = 3 };

// Period flags.
constexpr std::uint8_t kFirst = 1;  // begins when the thread's recording began
constexpr std::uint8_t kLast = 2;   // ends at the thread's end
constexpr std::uint8_t kTick = 4;   // ends at a sampling tick
constexpr std::uint8_t kSwitch = 8;  // ends where the kernel switched the thread out
constexpr std::uint8_t kOffCpu = 16; // the thread on no CPU: from a switch out to its switch back in

// Marker kinds (a marker's flags).
enum MarkerKind : std::uint8_t { Point = 1, PhaseBegin = 2, PhaseEnd = 3, GcBegin = 4, GcEnd = 5 };
constexpr std::uint16_t kMaxMarkerText = 1024;

struct FileHeader {
    char magic[8];
    std::uint16_t major;
    std::uint16_t minor;
    std::uint16_t counters;
    std::uint16_t zero0;
    std::uint32_t cpu;
    std::uint32_t zero1;
    std::uint64_t run_id;
};
static_assert(sizeof(FileHeader) == 32, "trace file header");

struct PeriodRecord {
    std::uint16_t size;
    std::uint8_t type;
    std::uint8_t flags;
    std::int32_t thread;  // tid, negated when the thread yielded or blocked during the period
    std::uint64_t start;
    std::uint64_t duration;
    std::uint32_t method;  // the meta's method id; 0: none
    std::uint16_t cpu;
    std::uint16_t start_cpu;
    std::uint32_t stack;   // the meta's stack id of the sample taken at the period's end; 0: none
    std::uint32_t zero;
    std::uint64_t counters[kCounters];
};
static_assert(sizeof(PeriodRecord) == 40 + 8 * kCounters, "period record");

struct MarkerHead {
    std::uint16_t size;
    std::uint8_t type;
    std::uint8_t kind;
    std::int32_t thread;
    std::uint64_t time;
    std::uint16_t cpu;
    std::uint16_t text_bytes;
    std::uint32_t zero;
};
static_assert(sizeof(MarkerHead) == 24, "marker record head");

}  // namespace candor::trace_format
