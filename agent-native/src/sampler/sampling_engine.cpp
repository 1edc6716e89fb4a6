#include "sampler/sampling_engine.h"

#include <atomic>

#include "sampler/ctimer_engine.h"
#include "sampler/perf_engine.h"
#include "sampler/wall_engine.h"

namespace candor {

void SamplingEngine::publish(ThreadTimer& timer) const {
    std::atomic_signal_fence(std::memory_order_seq_cst);
    timer.engine = this;
}

ThreadTimer SamplingEngine::forget(ThreadTimer& timer) {
    const ThreadTimer handles = timer;
    timer.engine = nullptr;
    timer.perf_fd = -1;
    std::atomic_signal_fence(std::memory_order_seq_cst);
    return handles;
}

void SamplingEngine::thread_bound(SampledThread&) const {}
bool SamplingEngine::tick(SampledThread&, TraceEntry&) const { return false; }
void SamplingEngine::ticked(SampledThread&, const TraceEntry&, const ASGCT_CallFrame&) const {}
void SamplingEngine::thread_ending(SampledThread&) const {}
void SamplingEngine::thread_freed(SampledThread&) const {}

// The one place that turns a choice into behaviour.
std::unique_ptr<SamplingEngine> make_engine(TimerKind kind, bool counts_kernel) {
    switch (kind) {
        case TimerKind::PerfSigtrap: return std::make_unique<PerfEngine>(PerfDelivery::Sigtrap, counts_kernel);
        case TimerKind::PerfFasync: return std::make_unique<PerfEngine>(PerfDelivery::Fasync, counts_kernel);
        case TimerKind::Ctimer: return std::make_unique<CtimerEngine>();
        case TimerKind::Wall: return std::make_unique<WallEngine>();
        case TimerKind::None: break;
    }
    return nullptr;
}

}  // namespace candor
