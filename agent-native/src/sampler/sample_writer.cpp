#include "sampler/sample_writer.h"

#include <time.h>

#include <algorithm>
#include <chrono>

#include "sampler/code_map.h"
#include "sampler/sample_buffer.h"
#include "sampler/sample_record.h"
#include "sampler/sampler_stats.h"
#include "trace/trace_writer.h"

namespace candor {

namespace {

// An idle writer sleeps this long: a wake-up costs ~10 us of CPU (futex, scheduling), so 1 ms cost ~1 %
// of a CPU in every profile. The 8 MiB buffer holds well over 10 ms of samples even at 100 us on many threads.
constexpr auto kIdleWait = std::chrono::milliseconds(10);
constexpr auto kPublishEvery = std::chrono::milliseconds(10);
constexpr auto kRenamesEvery = std::chrono::seconds(1);
// A publication that builds a new base copies the whole code map (thousands of compiled methods in a big
// program): while the JIT keeps changing it, that every 10 ms cost javac ~0.15 s of CPU. The next one waits at
// least this many times the CPU time the last took, so publishing stays under half a percent of one CPU; most
// publications are a small delta (code_map.h) and cost microseconds. CPU time, not elapsed: on a busy machine a
// publication preempted for milliseconds once spaced the next ones by seconds, and samples in code the JIT had
// just made stayed one frame.
constexpr int kPublishSpacing = 200;

std::chrono::nanoseconds thread_cpu_now() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return std::chrono::seconds(ts.tv_sec) + std::chrono::nanoseconds(ts.tv_nsec);
}

}  // namespace

SampleWriter::SampleWriter(SampleBuffer& buffer, CodeMap& code_map, SamplerStats& stats)
    : buffer_(buffer), code_map_(code_map), stats_(stats), resolver_(&code_map, kMethodLimit) {
    path_.reserve(256);
}

CallTree& SampleWriter::tree_for(std::uint32_t slot) {
    if (slot >= trees_.size()) trees_.resize(slot + 1);
    if (!trees_[slot]) trees_[slot] = std::make_unique<CallTree>(&budget_);
    return *trees_[slot];
}

std::size_t SampleWriter::consume() {
    return buffer_.consume([this](const std::uint8_t* payload, std::size_t) {
        process(*reinterpret_cast<const SampleRecord*>(payload));
    });
}

std::size_t SampleWriter::consume_trace(bool force_flush) {
    if (trace_ == nullptr) return 0;
    const std::size_t entries = trace_->buffer().consume([this](const std::uint8_t* payload, std::size_t) {
        const auto& entry = *reinterpret_cast<const TraceEntry*>(payload);
        std::uint32_t method = 0;
        if (entry.kind == TraceEntryKind::Period && entry.top != nullptr) {
            ASGCT_CallFrame top;
            top.lineno = entry.top_lineno;
            top.method_id = entry.top;
            method = static_cast<std::uint32_t>(by_pc(top)) + 1;
        }
        trace_->add(entry, method, 0);
    });
    trace_->flush(resolver_.methods(), force_flush);
    return entries;
}

std::int32_t SampleWriter::by_pc(const ASGCT_CallFrame& frame) {
    return frame.lineno == kStubFrame ? resolver_.stub(reinterpret_cast<std::uintptr_t>(frame.method_id))
                                      : resolver_.java_method(jvmti_, jni_, frame.method_id);
}

void SampleWriter::process(const SampleRecord& record) {
    path_.clear();
    // AGCT gives the leaf first; the tree wants the outermost frame first.
    if (record.truncated != 0) path_.push_back(resolver_.truncated());
    const ASGCT_CallFrame* frames = record.frames();
    switch (record.kind) {
        case RecordKind::JavaTrace:
            for (std::uint32_t i = record.frame_count; i-- > 0;) {
                path_.push_back(resolver_.java_method(jvmti_, jni_, frames[i].method_id));
            }
            break;
        case RecordKind::Popped:
            for (std::uint32_t i = record.frame_count; i-- > 1;) {
                path_.push_back(resolver_.java_method(jvmti_, jni_, frames[i].method_id));
            }
            if (record.frame_count >= 1) path_.push_back(by_pc(frames[0]));
            break;
        case RecordKind::CodeByPc:
            if (record.frame_count == 1) path_.push_back(by_pc(frames[0]));
            break;
        case RecordKind::Failure:
            path_.push_back(resolver_.failure(record.agct_result));
            break;
    }
    if (record.has_period != 0 && trace_ != nullptr) {
        // The period this sample's tick ended: its top method and stack are the sample's.
        const auto* period = reinterpret_cast<const TraceEntry*>(frames + record.frame_count);
        const std::uint32_t method = path_.empty() ? 0 : static_cast<std::uint32_t>(path_.back()) + 1;
        trace_->add(*period, method, trace_->stacks().intern(path_.data(), path_.size()));
    }
    const bool running = record.state == RunState::Running;
    CallTree& tree = tree_for(record.thread_slot);
    const bool first = tree.samples() == 0;
    if (!tree.add(path_.data(), path_.size(), running)) {
        tree.add_beyond(path_.data(), path_.size(), running, resolver_.beyond_budget());
        bump(stats_.beyond_budget);
    }
    nodes_used_.store(budget_.all_used(), std::memory_order_relaxed);
    if (first) threads_with_samples_.fetch_add(1, std::memory_order_relaxed);
    bump(running ? stats_.running : stats_.waiting);
}

void SampleWriter::run(jvmtiEnv* jvmti, JNIEnv* jni) {
    jvmti_ = jvmti;
    jni_ = jni;
    auto next_publish = std::chrono::steady_clock::now();
    auto next_renames = next_publish + kRenamesEvery;
    for (;;) {
        // Read before draining: once stop is seen, this pass takes whatever is left.
        const bool stopping = stop_.load();
        const std::size_t records = consume() + consume_trace(false);
        serve_request();
        const auto now = std::chrono::steady_clock::now();
        if (now >= next_publish) {
            const auto cpu_before = thread_cpu_now();
            const bool published = code_map_.publish();
            const auto took = thread_cpu_now() - cpu_before;
            next_publish = now + (published ? std::max<std::chrono::steady_clock::duration>(kPublishEvery, took * kPublishSpacing)
                                            : kPublishEvery);
        }
        if (trace_ != nullptr && rename_check_ && now >= next_renames) {
            rename_check_(jvmti, jni);
            next_renames = now + kRenamesEvery;
        }
        if (stopping && buffer_.empty()) {
            if (trace_ != nullptr) {
                consume_trace(true);
                trace_->close(resolver_.methods());
            }
            break;
        }
        if (records == 0) {
            std::unique_lock<std::mutex> lock(mutex_);
            wake_.wait_for(lock, kIdleWait, [this] { return stop_.load() || (request_ != Request::None && !served_); });
        }
    }
    std::lock_guard<std::mutex> lock(mutex_);
    done_ = true;
    wake_.notify_all();
}

void SampleWriter::serve_request() {
    Request request;
    TreesCopy* copy;
    {
        std::lock_guard<std::mutex> lock(mutex_);
        if (request_ == Request::None || served_) return;
        request = request_;
        copy = copy_;
    }
    // Everything the handlers committed before the request goes in first.
    consume();
    if (request == Request::Reset) {
        clear_trees();
    } else {
        copy_into(*copy);
    }
    std::lock_guard<std::mutex> lock(mutex_);
    served_ = true;
    wake_.notify_all();
}

bool SampleWriter::ask(Request request, TreesCopy* copy) {
    std::unique_lock<std::mutex> lock(mutex_);
    if (!started_.load() || stop_.load() || done_) return false;
    request_ = request;
    copy_ = copy;
    served_ = false;
    wake_.notify_all();
    wake_.wait(lock, [this] { return served_ || done_; });
    const bool served = served_;
    request_ = Request::None;
    copy_ = nullptr;
    return served;
}

bool SampleWriter::reset_trees() { return ask(Request::Reset, nullptr); }

bool SampleWriter::copy_trees(TreesCopy& out) { return ask(Request::Copy, &out); }

void SampleWriter::clear_trees() {
    trees_.clear();
    budget_.used = 0;
    budget_.reserve_used = 0;
    nodes_used_.store(0, std::memory_order_relaxed);
    threads_with_samples_.store(0, std::memory_order_relaxed);
    stats_.beyond_budget.store(0, std::memory_order_relaxed);
    stats_.running.store(0, std::memory_order_relaxed);
    stats_.waiting.store(0, std::memory_order_relaxed);
}

void SampleWriter::copy_into(TreesCopy& out) const {
    candor::copy_trees(trees_, resolver_.methods(), out);
    out.running = stats_.running.load(std::memory_order_relaxed);
    out.waiting = stats_.waiting.load(std::memory_order_relaxed);
    out.beyond_budget = stats_.beyond_budget.load(std::memory_order_relaxed);
    out.methods_over_limit = resolver_.over_limit();
}

void SampleWriter::request_stop() {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_.store(true);
    wake_.notify_all();
}

void SampleWriter::wait_stopped() {
    if (!started_.load()) return;
    std::unique_lock<std::mutex> lock(mutex_);
    wake_.wait(lock, [this] { return done_; });
}

}  // namespace candor
