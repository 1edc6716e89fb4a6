// A snapshot's copy of the sampler's trees: only trees with samples, nodes as they are, and only
// the methods the trees name, renumbered densely.
#include <memory>
#include <vector>

#include "check.h"
#include "sampler/trees_copy.h"

using candor::CallTree;
using candor::MethodName;
using candor::NodeBudget;
using candor::TreesCopy;

namespace {

bool add(CallTree& tree, std::vector<std::int32_t> path) { return tree.add(path.data(), path.size(), true); }

std::vector<MethodName> methods(int count) {
    std::vector<MethodName> out;
    for (int i = 0; i < count; i++) out.push_back(MethodName{"Lm;", "m" + std::to_string(i), "()V"});
    return out;
}

}  // namespace

TEST(trees_copy_keeps_trees_with_samples_and_the_methods_they_use) {
    NodeBudget budget{100};
    std::vector<std::unique_ptr<CallTree>> trees;
    trees.push_back(std::make_unique<CallTree>(&budget));  // slot 0: samples in methods 7 -> 3
    trees.push_back(nullptr);                              // slot 1: no tree
    trees.push_back(std::make_unique<CallTree>(&budget));  // slot 2: a tree without samples
    trees.push_back(std::make_unique<CallTree>(&budget));  // slot 3: 3 -> 5, and 9
    CHECK(add(*trees[0], {7, 3}));
    CHECK(add(*trees[0], {7, 3}));
    CHECK(add(*trees[3], {3, 5}));
    CHECK(add(*trees[3], {9}));

    TreesCopy copy;
    copy_trees(trees, methods(10), copy);
    CHECK(copy.trees.size() == 2);
    CHECK(copy.trees[0].slot == 0 && copy.trees[1].slot == 3);
    CHECK(copy.nodes == budget.used);
    // renumbered in order of first use: 7 -> 0, 3 -> 1, 5 -> 2, 9 -> 3
    CHECK(copy.methods.size() == 4);
    CHECK(copy.methods[0].name == "m7" && copy.methods[1].name == "m3" && copy.methods[2].name == "m5" &&
          copy.methods[3].name == "m9");
    const auto& first = copy.trees[0].nodes;
    CHECK(first.size() == 3 && first[0].method == -1 && first[1].method == 0 && first[2].method == 1);
    CHECK(first[2].self_running == 2 && first[2].parent == 1);
    const auto& second = copy.trees[1].nodes;
    CHECK(second.size() == 4 && second[1].method == 1 && second[2].method == 2 && second[3].method == 3);

    // the copy is the trees' state at that moment: later samples do not reach it
    CHECK(add(*trees[0], {7, 3}));
    CHECK(first[2].self_running == 2);

    // copied again into the same object: nothing of the first copy stays
    copy_trees({}, methods(10), copy);
    CHECK(copy.trees.empty() && copy.methods.empty() && copy.nodes == 0);
}

TEST(trees_copy_into_an_earlier_copy_holds_exactly_the_new_trees) {
    NodeBudget budget{100};
    std::vector<std::unique_ptr<CallTree>> trees;
    trees.push_back(std::make_unique<CallTree>(&budget));
    trees.push_back(std::make_unique<CallTree>(&budget));
    CHECK(add(*trees[0], {1, 2, 3, 4}));
    CHECK(add(*trees[1], {5, 6}));
    TreesCopy copy;
    copy_trees(trees, methods(10), copy);
    CHECK(copy.trees.size() == 2 && copy.trees[0].nodes.size() == 5 && copy.trees[1].nodes.size() == 3);

    // a reset: smaller trees, and the first thread has none; its vector's room is no node of the copy
    NodeBudget after{100};
    std::vector<std::unique_ptr<CallTree>> smaller;
    smaller.push_back(nullptr);
    smaller.push_back(std::make_unique<CallTree>(&after));
    CHECK(add(*smaller[1], {6}));
    copy_trees(smaller, methods(10), copy);
    CHECK(copy.trees.size() == 1 && copy.trees[0].slot == 1);
    CHECK(copy.trees[0].nodes.size() == 2 && copy.trees[0].nodes[1].method == 0 && copy.trees[0].nodes[1].parent == 0);
    CHECK(copy.methods.size() == 1 && copy.methods[0].name == "m6" && copy.nodes == 1);

    // a thread added again, trees grown
    smaller[0] = std::make_unique<CallTree>(&after);
    CHECK(add(*smaller[0], {7, 8, 9}));
    CHECK(add(*smaller[1], {6, 2}));
    copy_trees(smaller, methods(10), copy);
    CHECK(copy.trees.size() == 2 && copy.trees[0].slot == 0 && copy.trees[1].slot == 1);
    CHECK(copy.trees[0].nodes.size() == 4 && copy.trees[1].nodes.size() == 3);
    CHECK(copy.trees[1].nodes[2].parent == 1 && copy.trees[1].nodes[2].self_running == 1);
    CHECK(copy.methods.size() == 5 && copy.nodes == 5);
}
