#include "trace/tracing_engine.h"

#include "sampler/thread_registry.h"
#include "trace/trace_entry.h"
#include "trace/trace_periods.h"
#include "trace/trace_writer.h"

namespace candor {

TracingEngine::TracingEngine(std::unique_ptr<SamplingEngine> timer, TraceWriter& trace)
    : timer_(std::move(timer)), trace_(trace) {}

// Its first period begins before its timer can end it.
void TracingEngine::thread_bound(SampledThread& thread) const {
    if (!thread.period.started) begin_period(thread.period, trace_format::kFirst);
}

// The tick ends the thread's period, which the sample carries; a thread without one yet (bound only by this
// signal, after an attach) begins one.
bool TracingEngine::tick(SampledThread& thread, TraceEntry& closed) const {
    if (close_period(thread.period, trace_.buffer(), thread.tid, thread.slot, trace_format::kTick, closed)) return true;
    if (!thread.period.started) begin_period(thread.period, trace_format::kFirst);
    return false;
}

// No sample took it (the walk faulted, the buffer was full): the period alone, with the frame the tick charged.
void TracingEngine::ticked(SampledThread&, const TraceEntry& closed, const ASGCT_CallFrame& top) const {
    write_period(trace_.buffer(), closed, top);
}

// Its last period, which no tick ends: up to its end, without a top frame.
void TracingEngine::thread_ending(SampledThread& thread) const {
    end_period(trace_.buffer(), thread.period, thread.tid, thread.slot, ASGCT_CallFrame{}, trace_format::kLast);
}

void TracingEngine::thread_freed(SampledThread& thread) const {
    end_watching(thread.period);
}

std::unique_ptr<SamplingEngine> with_trace(std::unique_ptr<SamplingEngine> timer, TraceWriter* trace) {
    if (timer == nullptr || trace == nullptr) return timer;
    return std::make_unique<TracingEngine>(std::move(timer), *trace);
}

}  // namespace candor
