#include "sampler/call_tree.h"

namespace candor {

std::size_t CallTree::slot_of(std::int32_t parent, std::int32_t method, std::size_t mask) {
    std::uint64_t key = (static_cast<std::uint64_t>(static_cast<std::uint32_t>(parent)) << 32) |
                        static_cast<std::uint32_t>(method);
    key ^= key >> 33;
    key *= 0xff51afd7ed558ccdULL;
    key ^= key >> 33;
    return static_cast<std::size_t>(key) & mask;
}

CallTree::CallTree(NodeBudget* budget) : budget_(budget), slots_(64, kFree) {
    nodes_.push_back(Node{-1, -1, 0, 0});
}

std::int32_t CallTree::find_child(std::int32_t parent, std::int32_t method) const {
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t i = slot_of(parent, method, mask);; i = (i + 1) & mask) {
        const std::int32_t node = slots_[i];
        if (node == kFree) return -1;
        if (nodes_[node].parent == parent && nodes_[node].method == method) return node;
    }
}

void CallTree::grow() {
    std::vector<std::int32_t> bigger(slots_.size() * 2, kFree);
    const std::size_t mask = bigger.size() - 1;
    for (const std::int32_t node : slots_) {
        if (node == kFree) continue;
        std::size_t i = slot_of(nodes_[node].parent, nodes_[node].method, mask);
        while (bigger[i] != kFree) i = (i + 1) & mask;
        bigger[i] = node;
    }
    slots_.swap(bigger);
}

std::int32_t CallTree::add_child(std::int32_t parent, std::int32_t method) {
    if ((nodes_.size() + 1) * 2 > slots_.size()) grow();
    const auto node = static_cast<std::int32_t>(nodes_.size());
    nodes_.push_back(Node{parent, method, 0, 0});
    const std::size_t mask = slots_.size() - 1;
    std::size_t i = slot_of(parent, method, mask);
    while (slots_[i] != kFree) i = (i + 1) & mask;
    slots_[i] = node;
    return node;
}

std::int32_t CallTree::deepest(const std::int32_t* path, std::size_t length, std::size_t* depth) const {
    std::int32_t node = 0;
    std::size_t d = 0;
    for (; d < length; d++) {
        const std::int32_t child = find_child(node, path[d]);
        if (child < 0) break;
        node = child;
    }
    *depth = d;
    return node;
}

void CallTree::count(std::int32_t node, bool running) {
    if (running) nodes_[node].self_running++;
    else nodes_[node].self_waiting++;
    samples_++;
}

bool CallTree::add(const std::int32_t* path, std::size_t length, bool running) {
    // Walk the part of the path that exists; create the rest only if the budget allows all of it.
    std::size_t depth = 0;
    std::int32_t node = deepest(path, length, &depth);
    if (depth < length) {
        const std::size_t missing = length - depth;
        if (budget_->used + missing > budget_->limit || nodes_.size() + missing > kMaxNodes) return false;
        for (; depth < length; depth++) {
            node = add_child(node, path[depth]);
            budget_->used++;
        }
    }
    count(node, running);
    return true;
}

std::int32_t CallTree::reserve_child(std::int32_t parent, std::int32_t method, bool forced) {
    const std::int32_t existing = find_child(parent, method);
    if (existing >= 0) return existing;
    if (nodes_.size() >= kMaxNodes) return -1;
    if (!forced && budget_->reserve_used >= budget_->reserve()) return -1;
    budget_->reserve_used++;
    return add_child(parent, method);
}

void CallTree::add_beyond(const std::int32_t* path, std::size_t length, bool running, std::int32_t beyond) {
    std::size_t depth = 0;
    const std::int32_t recorded = deepest(path, length, &depth);
    std::int32_t node = reserve_child(recorded, beyond, false);
    if (node < 0) {
        node = reserve_child(0, beyond, true);
        if (node < 0) node = 0;  // 2^31 nodes in one tree: the root itself
    } else if (depth < length) {
        const std::int32_t leaf = reserve_child(node, path[length - 1], false);
        if (leaf >= 0) node = leaf;
    }
    count(node, running);
}

}  // namespace candor
