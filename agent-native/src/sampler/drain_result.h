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
};

// Builds the Object[12] of the NativeSampler contract (its part constants are repeated here).
// Null with a pending exception (OutOfMemoryError) when the JVM cannot allocate it.
jobjectArray drain_result_to_java(JNIEnv* jni, const DrainResult& result);

}  // namespace candor
