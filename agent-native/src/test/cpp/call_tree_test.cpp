// The per-thread calling-context tree: aggregation, node order, the shared node budget.
#include <cstdint>
#include <vector>

#include "check.h"
#include "sampler/call_tree.h"

using candor::CallTree;
using candor::NodeBudget;

namespace {

bool add(CallTree& tree, std::vector<std::int32_t> path, bool running = true) {
    return tree.add(path.data(), path.size(), running);
}

// The node reached by path, or -1.
std::int32_t find(const CallTree& tree, const std::vector<std::int32_t>& path) {
    std::int32_t node = 0;
    for (std::int32_t method : path) {
        std::int32_t next = -1;
        for (std::size_t i = 0; i < tree.nodes().size(); i++) {
            if (tree.nodes()[i].parent == node && tree.nodes()[i].method == method) next = static_cast<std::int32_t>(i);
        }
        if (next < 0) return -1;
        node = next;
    }
    return node;
}

bool parents_before_children(const CallTree& tree) {
    const auto& nodes = tree.nodes();
    if (nodes.empty() || nodes[0].parent != -1 || nodes[0].method != -1) return false;
    for (std::size_t i = 1; i < nodes.size(); i++) {
        if (nodes[i].parent < 0 || static_cast<std::size_t>(nodes[i].parent) >= i) return false;
    }
    return true;
}

}  // namespace

TEST(call_tree_aggregates_paths) {
    NodeBudget budget{100};
    CallTree tree(&budget);
    CHECK(add(tree, {1, 2, 3}));
    CHECK(add(tree, {1, 2, 3}));
    CHECK(add(tree, {1, 2}, false));
    CHECK(add(tree, {1, 4}));
    CHECK(add(tree, {5, 2, 3}));  // same methods, other context: other nodes
    CHECK(add(tree, {}));         // no frames: counts on the root
    CHECK(tree.nodes().size() == 8);
    CHECK(budget.used == 7);
    CHECK(tree.samples() == 6);
    CHECK(parents_before_children(tree));

    const auto& nodes = tree.nodes();
    CHECK(nodes[find(tree, {1, 2, 3})].self_running == 2 && nodes[find(tree, {1, 2, 3})].self_waiting == 0);
    CHECK(nodes[find(tree, {1, 2})].self_running == 0 && nodes[find(tree, {1, 2})].self_waiting == 1);
    CHECK(nodes[find(tree, {1})].self_running == 0);
    CHECK(nodes[find(tree, {1, 4})].self_running == 1);
    CHECK(nodes[find(tree, {5, 2, 3})].self_running == 1);
    CHECK(nodes[0].self_running == 1);
    CHECK(find(tree, {2}) == -1);
}

TEST(call_tree_budget_is_shared_and_never_half_used) {
    NodeBudget budget{5};
    CallTree first(&budget);
    CallTree second(&budget);
    CHECK(add(first, {1, 2, 3}));
    CHECK(!add(second, {1, 2, 3}));  // needs 3 nodes, 2 left: nothing is created
    CHECK(second.nodes().size() == 1 && budget.used == 3);
    CHECK(add(second, {7, 8}));      // exactly the rest
    CHECK(budget.used == 5);
    CHECK(add(first, {1, 2, 3}));    // existing nodes still count
    CHECK(add(first, {1, 2}));
    CHECK(!add(first, {1, 9}));
    CHECK(first.samples() == 3 && second.samples() == 1);
}

TEST(call_tree_many_children_survive_growth) {
    NodeBudget budget{1'000'000};
    CallTree tree(&budget);
    for (std::int32_t method = 0; method < 20'000; method++) CHECK(add(tree, {0, method}));
    for (std::int32_t method = 0; method < 20'000; method += 3) CHECK(add(tree, {0, method}, false));
    CHECK(tree.nodes().size() == 20'002);
    std::uint64_t running = 0, waiting = 0;
    for (const auto& node : tree.nodes()) {
        running += node.self_running;
        waiting += node.self_waiting;
    }
    CHECK(running == 20'000 && waiting == 6'667);
    CHECK(parents_before_children(tree));
}

TEST(call_tree_counts_samples_beyond_the_budget_under_their_deepest_recorded_frame) {
    constexpr std::int32_t kBeyond = 99;
    NodeBudget budget{3};  // a reserve of 64 nodes beyond it
    CallTree tree(&budget);
    CHECK(add(tree, {1, 2}));
    CHECK(!add(tree, {1, 2, 3, 4}));  // 2 more nodes, 1 left
    std::vector<std::int32_t> deep{1, 2, 3, 4};
    tree.add_beyond(deep.data(), deep.size(), true, kBeyond);
    tree.add_beyond(deep.data(), deep.size(), false, kBeyond);
    std::vector<std::int32_t> other{7, 8};
    tree.add_beyond(other.data(), other.size(), true, kBeyond);
    CHECK(budget.used == 2 && budget.reserve_used == 4);
    CHECK(tree.samples() == 4);
    CHECK(parents_before_children(tree));
    const auto& nodes = tree.nodes();
    // the leaf's method keeps the sample, below its callers that have nodes; the frames between are left out
    const std::int32_t leaf = find(tree, {1, 2, kBeyond, 4});
    CHECK(leaf > 0 && nodes[leaf].self_running == 1 && nodes[leaf].self_waiting == 1);
    CHECK(nodes[find(tree, {1, 2, kBeyond})].self_running == 0);
    CHECK(nodes[find(tree, {kBeyond, 8})].self_running == 1);
    CHECK(find(tree, {1, 2, 3}) == -1);
}

TEST(call_tree_past_the_reserve_counts_on_the_beyond_nodes_it_has) {
    constexpr std::int32_t kBeyond = 99;
    NodeBudget budget{1};
    budget.reserve_used = budget.reserve() - 1;  // room for one node beyond the budget
    CallTree tree(&budget);
    CallTree other(&budget);
    CHECK(add(tree, {1}));
    std::vector<std::int32_t> a{1, 2}, b{1, 3}, c{5};
    tree.add_beyond(a.data(), a.size(), true, kBeyond);  // the beyond node under 1, no room for the leaf 2
    tree.add_beyond(b.data(), b.size(), true, kBeyond);  // counts on that beyond node too
    tree.add_beyond(c.data(), c.size(), true, kBeyond);  // no beyond node under the root, none left: the root's, forced
    other.add_beyond(c.data(), c.size(), false, kBeyond);  // every tree gets its root's one
    CHECK(tree.samples() == 4 && other.samples() == 1);
    CHECK(tree.nodes()[find(tree, {1, kBeyond})].self_running == 2);
    CHECK(find(tree, {1, kBeyond, 2}) == -1);
    CHECK(tree.nodes()[find(tree, {kBeyond})].self_running == 1);
    CHECK(other.nodes()[find(other, {kBeyond})].self_waiting == 1);
    CHECK(budget.reserve_used == budget.reserve() + 2);
}
