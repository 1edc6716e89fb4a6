#include "sampler/code_map.h"

#include <sched.h>

#include <algorithm>
#include <cstdlib>
#include <ctime>
#include <cstring>
#include <new>

namespace candor {

namespace {

// HotSpot names them "vtable stub" and "itable stub" (DynamicCodeGenerated), carved from "vtable chunks"; the
// template interpreter is one range, "Interpreter".
CodeShape stub_shape(const std::string& name) {
    if (name == "vtable stub" || name == "itable stub" || name == "vtable chunks") return CodeShape::FramelessStub;
    if (name == "Interpreter") return CodeShape::Interpreter;
    // C1's handle_exception, handle_exception_nofpu and handle_exception_from_callee: "handle_exception Runtime1
    // stub" (JDK 17), "C1 Runtime handle_exception_blob" (JDK 25)
    const bool c1 = name.find("Runtime1 stub") != std::string::npos || name.compare(0, 11, "C1 Runtime ") == 0;
    if (c1 && name.find("handle_exception") != std::string::npos) return CodeShape::ExceptionStub;
    // adapters move arguments between the interpreter's and the compiled calling conventions: no rbp frame
    return name.compare(0, 8, "I2C/C2I ") == 0 ? CodeShape::Adapter : CodeShape::Stub;
}

}  // namespace

CodeMap::~CodeMap() {
    free_snapshot(current_.exchange(nullptr));
    free_snapshot(delta_.exchange(nullptr));
}

CodeMap::Snapshot* CodeMap::new_snapshot(std::size_t count) {
    const std::size_t bytes = sizeof(Snapshot) + (count > 0 ? count - 1 : 0) * sizeof(CodeEntry);
    auto* snapshot = static_cast<Snapshot*>(std::malloc(bytes));
    if (snapshot != nullptr) snapshot->count = count;
    return snapshot;
}

void CodeMap::free_snapshot(Snapshot* snapshot) {
    if (snapshot == nullptr) return;
    // Poison first: a reader that (wrongly) still used it would find empty, inverted ranges.
    std::memset(static_cast<void*>(snapshot), 0xa5,
                sizeof(Snapshot) + (snapshot->count > 0 ? snapshot->count - 1 : 0) * sizeof(CodeEntry));
    std::free(snapshot);
}

void CodeMap::insert_locked(const CodeEntry& entry) {
    // Drop every range that overlaps [start, end): at most one starts before start.
    auto it = ranges_.lower_bound(entry.start);
    if (it != ranges_.begin()) {
        auto before = std::prev(it);
        if (before->second.end > entry.start) it = before;
    }
    while (it != ranges_.end() && it->second.start < entry.end) erase_locked(it++);
    ranges_.emplace(entry.start, entry);
    changes_.push_back(entry);
    changed_ = true;
}

void CodeMap::erase_locked(std::map<std::uintptr_t, CodeEntry>::iterator it) {
    CodeEntry gone = it->second;
    gone.kind = CodeKind::Removed;
    changes_.push_back(gone);
    ranges_.erase(it);
    changed_ = true;
}

void CodeMap::add_method(const void* start, std::size_t size, jmethodID method) {
    if (start == nullptr || size == 0) return;
    const auto begin = reinterpret_cast<std::uintptr_t>(start);
    const CodeEntry entry{begin, begin + size, reinterpret_cast<std::uintptr_t>(method), CodeKind::Method,
                          CodeShape::CompiledMethod};
    std::lock_guard<std::mutex> lock(mutex_);
    insert_locked(entry);
}

void CodeMap::remove_method(const void* start) {
    const auto begin = reinterpret_cast<std::uintptr_t>(start);
    std::lock_guard<std::mutex> lock(mutex_);
    const auto it = ranges_.find(begin);
    if (it != ranges_.end() && it->second.kind == CodeKind::Method) erase_locked(it);
}

void CodeMap::add_stub(const void* start, std::size_t size, const char* name) {
    if (start == nullptr || size == 0) return;
    const std::string key = name != nullptr && name[0] != '\0' ? name : "[stub]";
    const auto begin = reinterpret_cast<std::uintptr_t>(start);
    std::lock_guard<std::mutex> lock(mutex_);
    std::uintptr_t id;
    const auto known = stub_ids_.find(key);
    if (known != stub_ids_.end()) {
        id = known->second;
    } else if (stub_names_.size() < kMaxStubNames) {
        id = stub_names_.size();
        stub_names_.push_back(key);
        stub_ids_.emplace(key, id);
    } else {
        // Names past the limit share one entry.
        const auto other = stub_ids_.find("[other stubs]");
        if (other != stub_ids_.end()) {
            id = other->second;
        } else {
            id = stub_names_.size();
            stub_names_.push_back("[other stubs]");
            stub_ids_.emplace("[other stubs]", id);
        }
    }
    insert_locked(CodeEntry{begin, begin + size, id, CodeKind::Stub, stub_shape(key)});
}

std::string CodeMap::stub_name(std::uintptr_t index) const {
    std::lock_guard<std::mutex> lock(mutex_);
    return index < stub_names_.size() ? stub_names_[index] : std::string("[stub]");
}

bool CodeMap::publish() {
    std::lock_guard<std::mutex> publishing(publish_mutex_);
    Snapshot* base = nullptr;
    Snapshot* delta = nullptr;
    {
        std::lock_guard<std::mutex> lock(mutex_);
        if (!changed_ && current_.load() != nullptr) return false;
        if (current_.load() != nullptr && changes_.size() <= kMaxDelta) {
            delta = new_snapshot(changes_.size());
            if (delta == nullptr) return false;  // keep the old snapshots; try again next time
            std::copy(changes_.begin(), changes_.end(), delta->entries);
        } else {
            base = new_snapshot(ranges_.size());
            if (base == nullptr) return false;
            std::size_t i = 0;
            for (const auto& range : ranges_) base->entries[i++] = range.second;
            changes_.clear();
        }
        changed_ = false;
        published_entries_.store(ranges_.size(), std::memory_order_relaxed);
    }
    // A new base takes every change in: the delta goes with the old base.
    Snapshot* old_base = base != nullptr ? current_.exchange(base) : nullptr;
    Snapshot* old_delta = delta_.exchange(delta);
    const std::uint64_t epoch = epoch_.fetch_add(1);
    for (int spins = 0; readers_[epoch & 1].load() != 0; spins++) {
        if (spins < 64) sched_yield();
        else {
            const timespec pause{0, 50'000};
            nanosleep(&pause, nullptr);
        }
    }
    free_snapshot(old_base);
    free_snapshot(old_delta);
    publications_.fetch_add(1, std::memory_order_relaxed);
    if (base != nullptr) base_publications_.fetch_add(1, std::memory_order_relaxed);
    return true;
}

bool CodeMap::lookup(std::uintptr_t pc, CodeEntry& out) const {
    std::uint64_t epoch;
    for (;;) {
        epoch = epoch_.load();
        readers_[epoch & 1].fetch_add(1);
        if (epoch_.load() == epoch) break;
        readers_[epoch & 1].fetch_sub(1);
    }
    bool found = false;
    bool decided = false;
    // The newest change that covers pc decides: an addition, or a removal (then no range).
    const Snapshot* delta = delta_.load();
    if (delta != nullptr) {
        for (std::size_t i = delta->count; i-- > 0;) {
            const CodeEntry& change = delta->entries[i];
            if (change.start <= pc && pc < change.end) {
                decided = true;
                if (change.kind != CodeKind::Removed) {
                    out = change;
                    found = true;
                }
                break;
            }
        }
    }
    const Snapshot* snapshot = current_.load();
    if (!decided && snapshot != nullptr && snapshot->count > 0) {
        // The last entry with start <= pc.
        std::size_t low = 0, high = snapshot->count;
        while (low < high) {
            const std::size_t mid = low + (high - low) / 2;
            if (snapshot->entries[mid].start <= pc) low = mid + 1;
            else high = mid;
        }
        if (low > 0 && pc < snapshot->entries[low - 1].end) {
            out = snapshot->entries[low - 1];
            found = true;
        }
    }
    readers_[epoch & 1].fetch_sub(1);
    return found;
}

}  // namespace candor
