#pragma once

#include <jni.h>
#include <jvmti.h>

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

#include "options.h"
#include "sampler/agct.h"
#include "sampler/call_tree.h"
#include "sampler/method_resolver.h"
#include "sampler/trees_copy.h"

namespace candor {

class CodeMap;
class SampleBuffer;
class TraceWriter;
struct SampleRecord;
struct SamplerStats;

// The body of the "candor-sampler-writer" agent thread: drains the sample buffer continuously,
// resolves method ids and aggregates every sample into its thread's calling-context tree; it
// also publishes code map changes for the signal handler every few milliseconds.
//
// The trees are the writer's alone. A control thread that wants them cleared or copied while
// sampling goes on asks the writer (reset_trees, copy_trees) and waits: the writer first takes in
// every sample committed before the request, then does it between two samples. Signal handlers
// never wait for it: they go on filling the buffer, which holds well over a second of samples
// (full: dropped and counted, as ever).
class SampleWriter {
public:
    static constexpr std::size_t kMethodLimit = 250'000;

    SampleWriter(SampleBuffer& buffer, CodeMap& code_map, SamplerStats& stats);

    // The thread body; returns after request_stop() once the buffer is empty.
    void run(jvmtiEnv* jvmti, JNIEnv* jni);
    void mark_started() { started_.store(true); }
    // Before run(): the nodes all trees may create together (maxnodes=N), and a sixteenth more beyond it
    // (call_tree.h): 34..68 bytes a node at the limit.
    void set_node_limit(std::size_t limit) { budget_.limit = limit; }
    // Before run(): the trace to take entries into as well (trace_writer.h); it is closed when run() returns.
    void set_trace(TraceWriter* trace) { trace_ = trace; }
    // Called on the writer thread about once a second while tracing: looks for threads renamed since.
    void set_rename_check(std::function<void(jvmtiEnv*, JNIEnv*)> check) { rename_check_ = std::move(check); }

    // Call only when no signal handler can add samples any more: the writer then empties the buffer and returns.
    void request_stop();
    // Returns when run() has returned (at once when the thread never started).
    void wait_stopped();

    // From a control thread, one at a time; each returns once the writer did it. False when the writer
    // is not running (never started, or stopped for the drain).
    // Every tree emptied and the node budget given back; the writer's own sample counts start at 0.
    bool reset_trees();
    // The trees as they are now, with the methods they use (TreesCopy).
    bool copy_trees(TreesCopy& out);

    // After wait_stopped(): one tree per thread slot (null where the thread has no samples).
    const std::vector<std::unique_ptr<CallTree>>& trees() const { return trees_; }
    const MethodResolver& methods() const { return resolver_; }
    // Any time (relaxed reads): nodes of all trees, and threads with samples since the last reset.
    std::size_t nodes() const { return nodes_used_.load(std::memory_order_relaxed); }
    std::size_t node_limit() const { return budget_.limit; }
    std::size_t threads_with_samples() const { return threads_with_samples_.load(std::memory_order_relaxed); }

private:
    enum class Request { None, Reset, Copy };

    void process(const SampleRecord& record);
    // The method index of a frame found by its pc: a stub's name, or the compiled method's.
    std::int32_t by_pc(const ASGCT_CallFrame& frame);
    CallTree& tree_for(std::uint32_t slot);
    std::size_t consume();
    // The trace buffer's entries into the trace, their top frames named by the method table.
    std::size_t consume_trace(bool force_flush);
    void serve_request();
    bool ask(Request request, TreesCopy* copy);
    void clear_trees();
    void copy_into(TreesCopy& out) const;

    SampleBuffer& buffer_;
    TraceWriter* trace_ = nullptr;
    std::function<void(jvmtiEnv*, JNIEnv*)> rename_check_;
    CodeMap& code_map_;
    SamplerStats& stats_;
    MethodResolver resolver_;
    NodeBudget budget_{kDefaultSampledNodes};
    std::vector<std::unique_ptr<CallTree>> trees_;
    std::vector<std::int32_t> path_;
    jvmtiEnv* jvmti_ = nullptr;
    JNIEnv* jni_ = nullptr;
    std::atomic<std::size_t> nodes_used_{0};
    std::atomic<std::size_t> threads_with_samples_{0};

    std::atomic<bool> started_{false};
    std::atomic<bool> stop_{false};
    std::mutex mutex_;
    std::condition_variable wake_;
    bool done_ = false;
    // Under mutex_: the control thread's request, and whether the writer served it.
    Request request_ = Request::None;
    TreesCopy* copy_ = nullptr;
    bool served_ = false;
};

}  // namespace candor
