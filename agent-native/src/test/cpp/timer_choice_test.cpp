// Which timer CPU sampling gets, and the one line it prints, for machines this host is not.
#include <cerrno>

#include "check.h"
#include "sampler/jitter.h"
#include "sampler/timer_choice.h"

using candor::PerfSignal;
using candor::TimerKind;
using candor::TimerMode;
using candor::TimerProbe;
using unit::contains;

namespace {

TimerProbe probe(int sigtrap, int fasync, int ctimer) {
    TimerProbe p;
    p.sigtrap_error = sigtrap;
    p.fasync_error = fasync;
    p.ctimer_error = ctimer;
    p.perf_paranoid = 3;
    p.tick_ns = 4'000'000;
    return p;
}

}  // namespace

TEST(timer_choice_prefers_perf_sigtrap_then_fasync) {
    auto choice = candor::choose_cpu_timer(TimerMode::Auto, PerfSignal::Auto, probe(0, -1, -1), 1'000'000);
    CHECK(choice.kind == TimerKind::PerfSigtrap && choice.interval_ns == 1'000'000 && choice.message.empty());
    choice = candor::choose_cpu_timer(TimerMode::Auto, PerfSignal::Auto, probe(EINVAL, 0, -1), 1'000'000);
    CHECK(choice.kind == TimerKind::PerfFasync && choice.message.empty() && contains(choice.reason, "EINVAL"));
    choice = candor::choose_cpu_timer(TimerMode::Perf, PerfSignal::Fasync, probe(-1, 0, -1), 20'000);
    CHECK(choice.kind == TimerKind::PerfFasync && choice.interval_ns == 20'000);

    CHECK(candor::should_probe_sigtrap(PerfSignal::Auto) && candor::should_probe_sigtrap(PerfSignal::Sigtrap));
    CHECK(!candor::should_probe_sigtrap(PerfSignal::Fasync));
    CHECK(!candor::should_probe_fasync(PerfSignal::Auto, 0) && candor::should_probe_fasync(PerfSignal::Auto, EINVAL));
    CHECK(!candor::should_probe_fasync(PerfSignal::Sigtrap, EINVAL) && candor::should_probe_fasync(PerfSignal::Fasync, -1));
}

TEST(timer_choice_auto_falls_back_to_the_cpu_timer_with_one_line) {
    auto choice = candor::choose_cpu_timer(TimerMode::Auto, PerfSignal::Auto, probe(EACCES, EACCES, 0), 1'000'000);
    CHECK(choice.kind == TimerKind::Ctimer && choice.interval_ns == 4'000'000);
    CHECK(contains(choice.message, "perf_event_open failed: EACCES (Permission denied)"));
    CHECK(contains(choice.message, "kernel.perf_event_paranoid is 3"));
    CHECK(contains(choice.message, "4ms kernel tick: every 4000000 ns instead of 1000000 ns"));

    choice = candor::choose_cpu_timer(TimerMode::Auto, PerfSignal::Auto, probe(ENOSYS, ENOSYS, 0), 10'000'000);
    CHECK(choice.kind == TimerKind::Ctimer && choice.interval_ns == 10'000'000);
    CHECK(contains(choice.message, "ENOSYS") && contains(choice.message, "every 10000000 ns") &&
          !contains(choice.message, "instead of") && !contains(choice.message, "paranoid"));

    choice = candor::choose_cpu_timer(TimerMode::Auto, PerfSignal::Auto, probe(EPERM, EPERM, EINVAL), 1'000'000);
    CHECK(choice.kind == TimerKind::None && contains(choice.message, "timer_create failed: EINVAL") &&
          contains(choice.message, "sampling is off"));
}

TEST(timer_choice_perf_only_says_why_and_samples_nothing) {
    auto choice = candor::choose_cpu_timer(TimerMode::Perf, PerfSignal::Auto, probe(ENOENT, ENOENT, -1), 1'000'000);
    CHECK(choice.kind == TimerKind::None);
    CHECK(choice.message == "timer=perf: perf_event_open failed: ENOENT (No such file or directory); sampling is off");
    choice = candor::choose_cpu_timer(TimerMode::Perf, PerfSignal::Sigtrap, probe(EINVAL, -1, -1), 1'000'000);
    CHECK(choice.kind == TimerKind::None && contains(choice.message, "attr.sigtrap needs Linux 5.13"));
}

TEST(timer_choice_ctimer_warns_only_below_the_tick) {
    auto choice = candor::choose_cpu_timer(TimerMode::Ctimer, PerfSignal::Auto, probe(-1, -1, 0), 1'000'000);
    CHECK(choice.kind == TimerKind::Ctimer && choice.interval_ns == 4'000'000);
    CHECK(choice.message ==
          "timer=ctimer: thread CPU timers fire on the 4ms kernel tick, so sampling runs every 4000000 ns instead of 1000000 ns");
    choice = candor::choose_cpu_timer(TimerMode::Ctimer, PerfSignal::Auto, probe(-1, -1, 0), 4'000'000);
    CHECK(choice.kind == TimerKind::Ctimer && choice.message.empty());
    TimerProbe unknown_tick = probe(-1, -1, 0);
    unknown_tick.tick_ns = 0;
    choice = candor::choose_cpu_timer(TimerMode::Ctimer, PerfSignal::Auto, unknown_tick, 1'000'000);
    CHECK(choice.interval_ns == 1'000'000 && choice.message.empty());
}

TEST(jitter_stays_within_ten_percent_and_pairs_keep_the_mean) {
    candor::Jitter jitter(42);
    const std::int64_t interval = 1'000'000;
    std::int64_t low = interval, high = interval;
    bool pairs_exact = true;
    std::int64_t previous = 0;
    int distinct_offsets = 0;
    constexpr int kDraws = 200'000;
    for (int i = 0; i < kDraws; i++) {
        const std::int64_t period = jitter.next(interval);
        if (period < low) low = period;
        if (period > high) high = period;
        if (i % 2 == 1) {
            pairs_exact = pairs_exact && previous + period == 2 * interval;  // antithetic pair
            if (period != interval) distinct_offsets++;
        }
        previous = period;
    }
    CHECK(low >= 900'000 && high <= 1'100'000);
    CHECK(low < 905'000 && high > 1'095'000);  // the whole range is used
    CHECK(pairs_exact);
    CHECK(distinct_offsets > kDraws / 2 - 100);
    // Two threads seeded differently do not share a sequence.
    candor::Jitter a(1), b(2);
    int same = 0;
    for (int i = 0; i < 100; i++) same += a.next(interval) == b.next(interval) ? 1 : 0;
    CHECK(same < 10);
    CHECK(candor::Jitter(7).next(3) == 3);  // too small to jitter
    CHECK(candor::samples_per_period(1'000'000) == 16);
    CHECK(candor::samples_per_period(100'000) == 40);
    CHECK(candor::samples_per_period(20'000) == 200);
    CHECK(candor::samples_per_period(10'000'000) == 16);
}
