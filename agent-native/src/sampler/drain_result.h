#pragma once

#include <jni.h>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "sampler/call_tree.h"
#include "sampler/method_resolver.h"

namespace candor {

// Everything NativeSampler.drain0() returns, gathered in C++ first.
struct DrainThread {
    jlong java_id = 0;
    std::string name;
    const std::vector<CallTree::Node>* nodes = nullptr;  // the thread's tree (the writer's own, or a copy)
};

struct DrainResult {
    std::vector<std::pair<std::string, std::int64_t>> stats;
    const std::vector<MethodName>* methods = nullptr;
    std::vector<DrainThread> threads;
    std::int64_t interval_ns = 0;
    std::uint64_t tree_generation = 0;  // the resets so far: a thread's tree of one generation only grows
};

// Builds the Object[14] of the NativeSampler contract (its part constants are repeated here).
// `reuse`: null, or an earlier result whose node arrays the caller is done with: thread i's tree is
// written into row i's arrays where they are long enough (their tails keep stale values; the node
// counts part says how many are the tree's), else into new ones an eighth longer than the tree (it
// grows). Without `reuse` every node array is exactly as long as its tree.
// Null with a pending exception (OutOfMemoryError) when the JVM cannot allocate it.
jobjectArray drain_result_to_java(JNIEnv* jni, const DrainResult& result, jobjectArray reuse);

}  // namespace candor
