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
    Removed = 0,  // inside a published delta only: the range is gone (lookup never returns one)
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
// immutable arrays (snapshots) through atomic pointers, without locks: a base, sorted, and a delta,
// the changes since the base in the order they came (additions and removals), searched first and
// newest first. publish() swaps in a new delta when the changes since the base are few, else a new
// base built from the map (copying a big program's whole map every few milliseconds cost ~0.5 % of
// a CPU, so publications were spaced out, and samples in code the JIT had just made stayed one
// frame); the writer thread calls it every few milliseconds, so the snapshots lag the events by that much.
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

    // At most this many changes since the base go in a delta; past it publish() builds a new base.
    static constexpr std::size_t kMaxDelta = 256;

    // Publisher side (never from a signal handler). Publishes when the ranges changed since the
    // last publication, frees the replaced snapshots when no reader can hold them; true when it published.
    bool publish();

    // Reader side: async-signal-safe and lock-free. True and the entry when pc lies in a range.
    bool lookup(std::uintptr_t pc, CodeEntry& out) const;

    std::size_t published_entries() const { return published_entries_.load(std::memory_order_relaxed); }
    std::uint64_t publications() const { return publications_.load(std::memory_order_relaxed); }
    std::uint64_t base_publications() const { return base_publications_.load(std::memory_order_relaxed); }

private:
    struct Snapshot {
        std::size_t count;
        CodeEntry entries[1];  // really `count` entries, sorted by start, not overlapping
    };

    void insert_locked(const CodeEntry& entry);
    void erase_locked(std::map<std::uintptr_t, CodeEntry>::iterator it);
    static Snapshot* new_snapshot(std::size_t count);
    static void free_snapshot(Snapshot* snapshot);

    mutable std::mutex mutex_;  // guards ranges_, stub names, changed_
    std::map<std::uintptr_t, CodeEntry> ranges_;
    std::vector<CodeEntry> changes_;  // since the base was built, oldest first
    std::vector<std::string> stub_names_;
    std::unordered_map<std::string, std::uintptr_t> stub_ids_;
    bool changed_ = false;

    std::mutex publish_mutex_;  // one publish at a time
    std::atomic<Snapshot*> current_{nullptr};  // the base
    std::atomic<Snapshot*> delta_{nullptr};    // changes since the base, or null
    std::atomic<std::uint64_t> epoch_{0};
    mutable std::atomic<std::int64_t> readers_[2] = {};
    std::atomic<std::size_t> published_entries_{0};
    std::atomic<std::uint64_t> publications_{0};
    std::atomic<std::uint64_t> base_publications_{0};
};

}  // namespace candor
