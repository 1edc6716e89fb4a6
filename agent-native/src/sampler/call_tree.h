#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace candor {

// Nodes all trees of one recording may create together; past it, samples that would need a new
// node are dropped (and counted by the caller).
struct NodeBudget {
    std::size_t limit;
    std::size_t used = 0;
};

// One thread's calling-context tree: node 0 is the root (parent -1, method -1); every other node
// is a method called from its parent's context. Self counts sit on the node where a sample's
// stack ended (its leaf). Nodes are appended, so a parent always has a smaller index than its
// children. Not thread-safe: only the sample writer touches a tree, then drain.
class CallTree {
public:
    struct Node {
        std::int32_t parent;
        std::int32_t method;
        std::uint64_t self_running;
        std::uint64_t self_waiting;
    };

    explicit CallTree(NodeBudget* budget);

    // Counts one sample whose stack is path[0] (outermost) .. path[length - 1] (leaf), method
    // indexes >= 0. An empty path counts on the root. False, and nothing changed, when the nodes
    // it needs would exceed the budget.
    bool add(const std::int32_t* path, std::size_t length, bool running);

    const std::vector<Node>& nodes() const { return nodes_; }
    std::uint64_t samples() const { return samples_; }

private:
    static constexpr std::int32_t kFree = -1;

    static std::size_t slot_of(std::int32_t parent, std::int32_t method, std::size_t mask);
    std::int32_t find_child(std::int32_t parent, std::int32_t method) const;
    std::int32_t add_child(std::int32_t parent, std::int32_t method);
    void grow();

    NodeBudget* budget_;
    std::vector<Node> nodes_;
    // Child index: open addressing with linear probing over node indexes (kFree when empty), keyed by
    // the node's (parent, method); a power of two, at most half full. 4 bytes a slot: with the
    // 24-byte nodes a tree costs 32..64 bytes a node.
    std::vector<std::int32_t> slots_;
    std::uint64_t samples_ = 0;
};

}  // namespace candor
