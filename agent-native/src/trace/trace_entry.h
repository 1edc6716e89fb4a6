#pragma once

#include <jni.h>

#include <cstdint>

#include "trace/trace_format.h"

namespace candor {

// What producers (the sampling signal handler, ThreadEnd, Candor.marker, GC events) put into the trace buffer for
// the trace writer: a period as the handler knows it (the top frame as AGCT gave it, not yet a method id) or a
// marker, whose text follows the entry. The writer names threads by their registry slot.
enum class TraceEntryKind : std::uint8_t { Period = 1, Marker = 2 };

struct TraceEntry {
    TraceEntryKind kind;
    std::uint8_t flags;        // period flags, or the marker's kind
    std::uint16_t text_bytes;  // the marker's text after the entry
    std::int32_t thread;       // tid; a period's negated when the thread blocked or yielded
    std::uint32_t slot;        // the thread's ThreadRegistry slot; kNoSlot: none
    std::uint32_t zero;
    std::uint64_t time;        // a period's start; a marker's time
    std::uint64_t duration;    // a period's
    jmethodID top;             // a period's top frame: a jmethodID, or a stub's id (top_lineno kStubFrame); null: none
                               // (unused in a period a sample record carries: the sample's frames say it)
    std::int32_t top_lineno;
    std::uint16_t cpu;
    std::uint16_t start_cpu;
    std::uint64_t counters[trace_format::kCounters];

    const char* text() const { return reinterpret_cast<const char*>(this + 1); }
    char* text() { return reinterpret_cast<char*>(this + 1); }
};

static_assert(sizeof(TraceEntry) % 8 == 0, "text after an entry starts aligned");

}  // namespace candor
