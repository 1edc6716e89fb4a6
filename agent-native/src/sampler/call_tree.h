#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace candor {

// Nodes all trees of one recording may create together. Past the limit a reserve (a sixteenth of
// it) is left for the nodes that stand for samples beyond the budget (CallTree::add_beyond), so
// a sample that finds no room is still counted, under its deepest recorded frame.
struct NodeBudget {
    std::size_t limit;
    std::size_t used = 0;           // nodes of paths, at most limit
    std::size_t reserve_used = 0;   // nodes beyond the budget

    std::size_t reserve() const { return limit / 16 > 64 ? limit / 16 : 64; }
    std::size_t all_used() const { return used + reserve_used; }
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

    // Counts a sample that add() had no room for: under the deepest node of its path that exists,
    // a child `beyond` (the method that stands for samples beyond the budget) and under that the
    // path's leaf, so the leaf's method keeps its self count and every recorded caller its
    // inclusive one; only the frames between are left out. Those nodes come from the budget's
    // reserve; once it is gone the sample counts on the beyond node it finds, or else on the
    // root's beyond child (one node a tree, taken even past the reserve). Never drops.
    void add_beyond(const std::int32_t* path, std::size_t length, bool running, std::int32_t beyond);

    const std::vector<Node>& nodes() const { return nodes_; }
    std::uint64_t samples() const { return samples_; }

private:
    static constexpr std::int32_t kFree = -1;
    // Node indices are int32: a tree never holds more nodes than that.
    static constexpr std::size_t kMaxNodes = 0x7fffffffu;

    static std::size_t slot_of(std::int32_t parent, std::int32_t method, std::size_t mask);
    std::int32_t find_child(std::int32_t parent, std::int32_t method) const;
    std::int32_t add_child(std::int32_t parent, std::int32_t method);
    // The deepest existing node of path, and how many of its frames lead there.
    std::int32_t deepest(const std::int32_t* path, std::size_t length, std::size_t* depth) const;
    // A child beyond the budget: an existing one, else a new one from the reserve (or past it when
    // forced), else -1.
    std::int32_t reserve_child(std::int32_t parent, std::int32_t method, bool forced);
    void count(std::int32_t node, bool running);
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
