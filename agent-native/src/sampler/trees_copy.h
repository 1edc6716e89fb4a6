#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "sampler/call_tree.h"
#include "sampler/method_resolver.h"

namespace candor {

// One thread's tree as a snapshot taken while sampling goes on hands it over: the thread's slot in the
// ThreadRegistry and its nodes, parents first, methods numbered as in TreesCopy::methods.
struct TreeCopy {
    std::uint32_t slot = 0;
    std::vector<CallTree::Node> nodes;
};

// The sample writer's trees at one moment, copied by the writer itself between two samples, so
// the control thread can turn them into a snapshot while the writer goes on.
struct TreesCopy {
    std::vector<TreeCopy> trees;      // the trees with samples, by slot
    std::vector<MethodName> methods;  // only the methods the trees use, renumbered from 0
    std::uint64_t running = 0;        // the writer's counts since the last reset, at the copy
    std::uint64_t waiting = 0;
    std::uint64_t beyond_budget = 0;
    std::size_t nodes = 0;            // nodes of all trees (what the node budget counts)
    std::uint64_t methods_over_limit = 0;
};

// Copies the trees that have samples (one per slot; null or empty ones are left out) and keeps of
// `methods` only those their nodes name, renumbering them densely in order of first use: after a
// reset the trees name few of the methods resolved since the session began. Into `out`'s own
// vectors where they have room: a live view copies trees of hundreds of thousands of nodes every
// second or so, and fresh vectors were fresh memory to fault in each time.
void copy_trees(const std::vector<std::unique_ptr<CallTree>>& trees, const std::vector<MethodName>& methods,
                TreesCopy& out);

}  // namespace candor
