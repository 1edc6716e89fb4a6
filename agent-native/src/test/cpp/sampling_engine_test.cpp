// The sampling engines: what each says about itself, which signals it takes for its own, and a
// thread timer's life (open, run, stop, read, close) on this very thread, with periods far too long
// to fire during the test.
#include <signal.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <cstring>
#include <memory>

#include "check.h"
#include "sampler/attach_tables.h"
#include "sampler/cpu_timer.h"
#include "sampler/perf_timer.h"
#include "sampler/sampling_engine.h"
#include "sampler/timer_choice.h"

using candor::SamplingEngine;
using candor::ThreadTimer;
using candor::TimerKind;

namespace {

constexpr std::int64_t kLongPeriodNs = 10'000'000'000;  // 10 s of CPU: never reached here

pid_t own_tid() { return static_cast<pid_t>(syscall(SYS_gettid)); }

siginfo_t info(int code, pid_t pid) {
    siginfo_t i;
    std::memset(&i, 0, sizeof i);
    i.si_code = code;
    i.si_pid = pid;
    return i;
}

void burn_cpu(std::int64_t ns) {
    const std::int64_t until = candor::thread_cpu_ns(CLOCK_THREAD_CPUTIME_ID) + ns;
    volatile std::uint64_t sink = 0;
    while (candor::thread_cpu_ns(CLOCK_THREAD_CPUTIME_ID) < until) sink = sink + 1;
}

}  // namespace

TEST(engine_factory_makes_one_engine_per_choice) {
    CHECK(candor::make_engine(TimerKind::None, true) == nullptr);
    const auto sigtrap = candor::make_engine(TimerKind::PerfSigtrap, true);
    const auto fasync = candor::make_engine(TimerKind::PerfFasync, false);
    const auto ctimer = candor::make_engine(TimerKind::Ctimer, false);
    const auto wall = candor::make_engine(TimerKind::Wall, true);

    CHECK(sigtrap->kind() == TimerKind::PerfSigtrap && sigtrap->signal() == SIGTRAP && sigtrap->cpu());
    CHECK(sigtrap->counts_kernel() && !fasync->counts_kernel());  // perf: as the probe allowed
    CHECK(std::strcmp(sigtrap->name(), "perf task-clock, SIGTRAP (attr.sigtrap)") == 0);
    CHECK(fasync->kind() == TimerKind::PerfFasync && fasync->signal() == SIGPROF && fasync->cpu());
    CHECK(std::strcmp(fasync->name(), "perf task-clock, SIGPROF (fasync)") == 0);
    CHECK(ctimer->kind() == TimerKind::Ctimer && ctimer->signal() == SIGPROF && ctimer->cpu());
    CHECK(ctimer->counts_kernel());  // a thread CPU clock always does
    CHECK(std::strcmp(ctimer->name(), "thread CPU timer (timer_create)") == 0);
    CHECK(wall->kind() == TimerKind::Wall && wall->signal() == SIGPROF && !wall->cpu() && !wall->counts_kernel());
    CHECK(std::strcmp(wall->name(), "wall clock (tgkill)") == 0);

    // Jitter: perf always; the CPU timer only above the tick; the wall sampler jitters its own ticks.
    CHECK(sigtrap->samples_per_new_period(1'000'000, 4'000'000) == 16);
    CHECK(ctimer->samples_per_new_period(1'000'000, 4'000'000) == 0);
    CHECK(ctimer->samples_per_new_period(10'000'000, 4'000'000) == 16);
    CHECK(wall->samples_per_new_period(10'000'000, 4'000'000) == 0);
}

TEST(engine_takes_only_its_own_signals) {
    const auto sigtrap = candor::make_engine(TimerKind::PerfSigtrap, true);
    const auto fasync = candor::make_engine(TimerKind::PerfFasync, true);
    const auto ctimer = candor::make_engine(TimerKind::Ctimer, true);
    const auto wall = candor::make_engine(TimerKind::Wall, false);
    const pid_t pid = 4242;

    CHECK(sigtrap->is_ours(SIGTRAP, info(candor::kTrapPerf, 0), pid));
    CHECK(!sigtrap->is_ours(SIGTRAP, info(TRAP_BRKPT, 0), pid));  // a debugger's breakpoint
    CHECK(!sigtrap->is_ours(SIGPROF, info(candor::kTrapPerf, 0), pid));
    CHECK(fasync->is_ours(SIGPROF, info(POLL_IN, 0), pid));
    CHECK(!fasync->is_ours(SIGPROF, info(SI_TIMER, 0), pid));
    CHECK(ctimer->is_ours(SIGPROF, info(SI_TIMER, 0), pid));
    CHECK(!ctimer->is_ours(SIGPROF, info(SI_TKILL, pid), pid));
    CHECK(wall->is_ours(SIGPROF, info(SI_TKILL, pid), pid));
    CHECK(!wall->is_ours(SIGPROF, info(SI_TKILL, pid + 1), pid));  // another process's tgkill
    CHECK(!wall->is_ours(SIGPROF, info(SI_TIMER, pid), pid));
}

TEST(ctimer_engine_opens_runs_reads_and_closes_a_thread_timer) {
    const auto engine = candor::make_engine(TimerKind::Ctimer, true);
    const pid_t tid = own_tid();

    ThreadTimer own;
    CHECK(engine->open_own(tid, kLongPeriodNs, own) == 0);
    CHECK(own.engine == engine.get() && own.period_ns == kLongPeriodNs);
    burn_cpu(5'000'000);
    CHECK(engine->read_cpu_ns(own) - own.cpu_at_start_ns >= 5'000'000);
    CHECK(engine->set_period(own, kLongPeriodNs) && engine->disable(own) && engine->enable(own));
    const std::int64_t counted = engine->close(own) - own.cpu_at_start_ns;
    CHECK(counted >= 5'000'000 && counted < 5'000'000'000);
    CHECK(own.engine == nullptr);

    // Another thread's (here: this one's by tid), stopped until enabled.
    ThreadTimer other;
    CHECK(engine->open_for(tid, kLongPeriodNs, false, other) == 0);
    itimerspec spec;
    CHECK(timer_gettime(other.ctimer, &spec) == 0 && spec.it_value.tv_sec == 0 && spec.it_value.tv_nsec == 0);
    CHECK(engine->enable(other));
    CHECK(timer_gettime(other.ctimer, &spec) == 0 && spec.it_value.tv_sec > 0);
    engine->close(other);
    CHECK(other.engine == nullptr);
    CHECK(engine->thread_ended(EINVAL) && engine->thread_ended(ESRCH) && !engine->thread_ended(EAGAIN));
}

TEST(perf_engine_opens_with_or_without_kernel_time) {
    const pid_t tid = own_tid();
    candor::TimerProbe probe;
    const int error = candor::probe_perf_delivery(probe, [tid](bool kernel) {
        const int fd = candor::perf_timer_open(tid, kLongPeriodNs, candor::PerfDelivery::Fasync, kernel, false);
        if (fd < 0) return -fd;
        close(fd);
        return 0;
    });
    if (error != 0) return;  // no perf on this machine: the choice tests cover what happens then
    CHECK(probe.kernel_error == 0 || candor::kernel_refused(probe.kernel_error));
    const auto engine = candor::make_engine(TimerKind::PerfFasync, probe.kernel_error == 0);

    ThreadTimer timer;
    CHECK(engine->open_for(tid, kLongPeriodNs, false, timer) == 0);
    CHECK(timer.engine == engine.get() && timer.perf_fd >= 0 && timer.cpu_at_start_ns == 0);
    burn_cpu(2'000'000);
    CHECK(engine->read_cpu_ns(timer) == 0);  // stopped: counts nothing
    CHECK(engine->enable(timer));
    burn_cpu(5'000'000);
    CHECK(engine->read_cpu_ns(timer) >= 4'000'000);  // task-clock: CPU time, user and kernel alike
    CHECK(engine->set_period(timer, kLongPeriodNs) && engine->disable(timer));
    CHECK(engine->close(timer) >= 4'000'000);
    CHECK(timer.engine == nullptr && timer.perf_fd == -1);
    CHECK(!engine->set_period(timer, kLongPeriodNs));  // a closed timer is left alone
    CHECK(engine->thread_ended(ESRCH) && !engine->thread_ended(EACCES));
}

TEST(wall_engine_timers_only_say_a_thread_is_sampled) {
    const auto engine = candor::make_engine(TimerKind::Wall, false);
    ThreadTimer timer;
    CHECK(engine->open_own(own_tid(), 10'000'000, timer) == 0 && timer.engine == engine.get());
    CHECK(engine->read_cpu_ns(timer) == 0 && !engine->set_period(timer, 10'000'000));
    CHECK(engine->close(timer) == 0 && timer.engine == nullptr);
}

TEST(attach_timer_disabled_then_adopted_runs_again) {
    const auto engine = candor::make_engine(TimerKind::Ctimer, true);
    const pid_t tid = own_tid();
    candor::AttachTables tables(nullptr, {}, {tid});
    candor::AttachTimer& entry = *tables.find_timer(tid);
    CHECK(engine->open_for(tid, kLongPeriodNs, false, entry.timer) == 0);
    CHECK(engine->enable(entry.timer));
    CHECK(candor::disable_attach_timer(entry));
    itimerspec spec;
    CHECK(timer_gettime(entry.timer.ctimer, &spec) == 0 && spec.it_value.tv_sec == 0);

    burn_cpu(2'000'000);
    candor::SampledThread record;
    CHECK(candor::adopt_attach_timer(entry, record, true));
    CHECK(record.timer.engine == engine.get() && record.timer.ctimer == entry.timer.ctimer);
    CHECK(record.timer.cpu_at_start_ns - entry.timer.cpu_at_start_ns >= 2'000'000);  // accounting restarted
    CHECK(timer_gettime(record.timer.ctimer, &spec) == 0 && spec.it_value.tv_sec > 0);  // running again
    engine->close(record.timer);

    // Closed by the table: the handle goes with it.
    candor::AttachTables more(nullptr, {}, {tid});
    candor::AttachTimer& left = *more.find_timer(tid);
    CHECK(engine->open_for(tid, kLongPeriodNs, false, left.timer) == 0);
    CHECK(candor::close_attach_timer(left) && left.timer.engine == nullptr);
}
