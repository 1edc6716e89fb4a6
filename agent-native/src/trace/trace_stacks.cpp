#include "trace/trace_stacks.h"

namespace candor {

namespace {

std::uint64_t key_of(std::uint32_t parent, std::int32_t method) {
    return (static_cast<std::uint64_t>(parent) << 32) | (static_cast<std::uint32_t>(method) + 1u);
}

std::size_t hash_of(std::uint64_t key) {
    key ^= key >> 33;
    key *= 0xff51afd7ed558ccdULL;
    key ^= key >> 33;
    return static_cast<std::size_t>(key);
}

}  // namespace

std::uint32_t StackTable::intern(const std::int32_t* methods, std::size_t count) {
    std::uint32_t id = 0;
    for (std::size_t i = 0; i < count; i++) {
        const std::uint32_t next = find_or_add(id, methods[i]);
        if (next == 0) {
            truncated_++;
            return id;
        }
        id = next;
    }
    return id;
}

std::uint32_t StackTable::find_or_add(std::uint32_t parent, std::int32_t method) {
    if (keys_.empty() || (entries_.size() + 1) * 2 > keys_.size()) grow();
    const std::uint64_t key = key_of(parent, method);
    const std::size_t mask = keys_.size() - 1;
    for (std::size_t i = hash_of(key) & mask;; i = (i + 1) & mask) {
        if (keys_[i] == key) return ids_[i];
        if (keys_[i] == 0) {
            if (entries_.size() >= kLimit) return 0;
            entries_.push_back({parent, method});
            keys_[i] = key;
            ids_[i] = static_cast<std::uint32_t>(entries_.size());
            return ids_[i];
        }
    }
}

void StackTable::grow() {
    std::vector<std::uint64_t> old_keys;
    std::vector<std::uint32_t> old_ids;
    old_keys.swap(keys_);
    old_ids.swap(ids_);
    const std::size_t capacity = old_keys.empty() ? 4096 : old_keys.size() * 2;
    keys_.assign(capacity, 0);
    ids_.assign(capacity, 0);
    const std::size_t mask = capacity - 1;
    for (std::size_t j = 0; j < old_keys.size(); j++) {
        if (old_keys[j] == 0) continue;
        std::size_t i = hash_of(old_keys[j]) & mask;
        while (keys_[i] != 0) i = (i + 1) & mask;
        keys_[i] = old_keys[j];
        ids_[i] = old_ids[j];
    }
}

}  // namespace candor
