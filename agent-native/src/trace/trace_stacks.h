#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace candor {

// The trace's stack table: every distinct stack its samples had, as a tree of prefixes (a stack = its caller's
// stack + one method), so a period names its sample's whole stack with one id (the meta's stack lines). Ids are
// 1, 2, ... in order of first use; 0 is the empty stack. Methods are the sample writer's method indexes.
// Bounded: past kLimit stacks a new one gets the id of its longest known prefix (counted in truncated()).
// Writer thread only.
class StackTable {
public:
    static constexpr std::uint32_t kLimit = 4'000'000;

    struct Entry {
        std::uint32_t parent;
        std::int32_t method;
    };

    // The id of the stack `methods` (outermost first).
    std::uint32_t intern(const std::int32_t* methods, std::size_t count);

    // Entry of id i + 1; the ids from `from` on are the ones the meta has not listed yet.
    const std::vector<Entry>& entries() const { return entries_; }
    std::uint64_t truncated() const { return truncated_; }

private:
    std::uint32_t find_or_add(std::uint32_t parent, std::int32_t method);
    void grow();

    // Open addressing: key (parent << 32 | method + 1), 0 = empty slot; value = id.
    std::vector<std::uint64_t> keys_;
    std::vector<std::uint32_t> ids_;
    std::vector<Entry> entries_;
    std::uint64_t truncated_ = 0;
};

}  // namespace candor
