#pragma once

#include <jni.h>
#include <jvmti.h>

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "sampler/call_tree.h"
#include "sampler/method_resolver.h"

namespace candor {

class CodeMap;
class SampleBuffer;
struct SampleRecord;
struct SamplerStats;

// The body of the "candor-sampler-writer" agent thread: drains the sample buffer continuously,
// resolves method ids and aggregates every sample into its thread's calling-context tree; it
// also publishes code map changes for the signal handler every few milliseconds.
class SampleWriter {
public:
    static constexpr std::size_t kNodeLimit = 1'000'000;    // all trees together (32..64 MB at the limit)
    static constexpr std::size_t kMethodLimit = 250'000;

    SampleWriter(SampleBuffer& buffer, CodeMap& code_map, SamplerStats& stats);

    // The thread body; returns after request_stop() once the buffer is empty.
    void run(jvmtiEnv* jvmti, JNIEnv* jni);
    void mark_started() { started_.store(true); }

    // Call only when no signal handler can add samples any more: the writer then empties the buffer and returns.
    void request_stop();
    // Returns when run() has returned (at once when the thread never started).
    void wait_stopped();

    // After wait_stopped(): one tree per thread slot (null where the thread has no samples).
    const std::vector<std::unique_ptr<CallTree>>& trees() const { return trees_; }
    const MethodResolver& methods() const { return resolver_; }
    std::size_t nodes() const { return budget_.used; }
    std::size_t node_limit() const { return budget_.limit; }

private:
    void process(const SampleRecord& record);
    CallTree& tree_for(std::uint32_t slot);

    SampleBuffer& buffer_;
    CodeMap& code_map_;
    SamplerStats& stats_;
    MethodResolver resolver_;
    NodeBudget budget_{kNodeLimit};
    std::vector<std::unique_ptr<CallTree>> trees_;
    std::vector<std::int32_t> path_;
    jvmtiEnv* jvmti_ = nullptr;
    JNIEnv* jni_ = nullptr;

    std::atomic<bool> started_{false};
    std::atomic<bool> stop_{false};
    std::mutex mutex_;
    std::condition_variable wake_;
    bool done_ = false;
};

}  // namespace candor
