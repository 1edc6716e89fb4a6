#pragma once

#include <jni.h>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "sampler/frame_pop.h"

namespace candor {

enum class CodeKind : std::uint8_t {
    Method = 1,  // a compiled method (CompiledMethodLoad)
    Stub = 2,    // generated code that is no method: interpreter, adapters, vtable/itable stubs, ...
};

struct CodeEntry {
    std::uintptr_t start;  // first byte
    std::uintptr_t end;    // one past the last byte
    std::uintptr_t id;     // Method: its jmethodID; Stub: the index of its name (stub_name)
    CodeKind kind;
    CodeShape shape;       // whether a walk that failed here can start again from the caller (frame_pop.h)
};

// Address ranges of generated code, so that a sample AGCT could not walk can still be charged to
// the compiled method or stub its pc was in.
//
// Writers are JVMTI event callbacks (CompiledMethodLoad/Unload, DynamicCodeGenerated) on any
// thread; they update a std::map under a mutex. The signal handler never sees that map: it reads
// an immutable sorted array (a snapshot) through an atomic pointer, without locks.
// publish() builds a new snapshot from the map when it changed and swaps it in; the writer thread
// calls it every few milliseconds, so a snapshot lags the events by that much.
//
// Freeing a replaced snapshot safely (an epoch scheme with two reader counters):
//  - A reader loads the epoch e, increments readers[e & 1], and re-reads the epoch; if it moved
//    it backs out and retries. Only then does it load the snapshot pointer, search, and decrement.
//  - publish() swaps the pointer, then advances the epoch from e to e + 1, then waits until
//    readers[e & 1] is zero, and only then frees the old snapshot.
// A reader that confirmed epoch e is counted in readers[e & 1] before it loads the pointer, so the
// publish that moves the epoch past e waits for it. A reader that confirmed e + 1 loaded the
// pointer after the swap and holds the new snapshot. Readers of e - 1 were waited for by the
// previous publish (publishes run one at a time). All operations are sequentially consistent.
// The wait is short: a reader holds its counter for one binary search, and never blocks.
class CodeMap {
public:
    static constexpr std::size_t kMaxStubNames = 4096;

    CodeMap() = default;
    ~CodeMap();
    CodeMap(const CodeMap&) = delete;
    CodeMap& operator=(const CodeMap&) = delete;

    // Event side. A new range replaces every range it overlaps (code memory was reused).
    // vtable and itable stubs (and the chunks they are carved from) are frameless stubs.
    void add_method(const void* start, std::size_t size, jmethodID method);
    void remove_method(const void* start);
    void add_stub(const void* start, std::size_t size, const char* name);
    // The name of a stub id; "[stub]" for an unknown index.
    std::string stub_name(std::uintptr_t index) const;

    // Publisher side (never from a signal handler). Publishes when the ranges changed since the
    // last publication, frees the replaced snapshot when no reader can hold it; true when it published.
    bool publish();

    // Reader side: async-signal-safe and lock-free. True and the entry when pc lies in a range.
    bool lookup(std::uintptr_t pc, CodeEntry& out) const;

    std::size_t published_entries() const { return published_entries_.load(std::memory_order_relaxed); }
    std::uint64_t publications() const { return publications_.load(std::memory_order_relaxed); }

private:
    struct Snapshot {
        std::size_t count;
        CodeEntry entries[1];  // really `count` entries, sorted by start, not overlapping
    };

    void insert_locked(const CodeEntry& entry);
    static void free_snapshot(Snapshot* snapshot);

    mutable std::mutex mutex_;  // guards ranges_, stub names, changed_
    std::map<std::uintptr_t, CodeEntry> ranges_;
    std::vector<std::string> stub_names_;
    std::unordered_map<std::string, std::uintptr_t> stub_ids_;
    bool changed_ = false;

    std::mutex publish_mutex_;  // one publish at a time
    std::atomic<Snapshot*> current_{nullptr};
    std::atomic<std::uint64_t> epoch_{0};
    mutable std::atomic<std::int64_t> readers_[2] = {};
    std::atomic<std::size_t> published_entries_{0};
    std::atomic<std::uint64_t> publications_{0};
};

}  // namespace candor
