#include "sampler/trees_copy.h"

namespace candor {

void copy_trees(const std::vector<std::unique_ptr<CallTree>>& trees, const std::vector<MethodName>& methods,
                TreesCopy& out) {
    out.methods.clear();
    out.nodes = 0;
    std::vector<std::int32_t> renumbered(methods.size(), -1);
    std::size_t copied = 0;
    for (std::size_t slot = 0; slot < trees.size(); slot++) {
        const CallTree* tree = trees[slot].get();
        if (tree == nullptr) continue;
        out.nodes += tree->nodes().size() - 1;  // the root is no node of the budget
        if (tree->samples() == 0) continue;
        if (copied == out.trees.size()) out.trees.emplace_back();
        TreeCopy& copy = out.trees[copied++];
        copy.slot = static_cast<std::uint32_t>(slot);
        copy.nodes.assign(tree->nodes().begin(), tree->nodes().end());
        for (CallTree::Node& node : copy.nodes) {
            if (node.method < 0 || static_cast<std::size_t>(node.method) >= methods.size()) continue;
            std::int32_t& to = renumbered[static_cast<std::size_t>(node.method)];
            if (to < 0) {
                to = static_cast<std::int32_t>(out.methods.size());
                out.methods.push_back(methods[static_cast<std::size_t>(node.method)]);
            }
            node.method = to;
        }
    }
    out.trees.resize(copied);  // fewer trees than last time: the others' vectors go
}

}  // namespace candor
