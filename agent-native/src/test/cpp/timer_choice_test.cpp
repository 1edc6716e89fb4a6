// Which timer CPU sampling gets, and the one line it prints, for machines this host is not.
#include <cerrno>
#include <vector>

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

TEST(timer_choice_counts_kernel_time_where_perf_allows_it) {
    TimerProbe allowed = probe(0, -1, -1);
    allowed.kernel_error = 0;
    auto choice = candor::choose_cpu_timer(TimerMode::Auto, PerfSignal::Auto, allowed, 1'000'000);
    CHECK(choice.kind == TimerKind::PerfSigtrap && choice.counts_kernel && choice.message.empty());
    CHECK(choice.time_counted == "user and kernel time");

    // perf_event_paranoid 2, not root: user time only, said in verbose, no line otherwise.
    TimerProbe refused = probe(0, -1, -1);
    refused.kernel_error = EACCES;
    refused.perf_paranoid = 2;
    choice = candor::choose_cpu_timer(TimerMode::Auto, PerfSignal::Auto, refused, 1'000'000);
    CHECK(choice.kind == TimerKind::PerfSigtrap && !choice.counts_kernel && choice.message.empty());
    CHECK(choice.time_counted == "user time only: perf_event_open refused kernel time (EACCES), kernel.perf_event_paranoid is 2");
    refused = probe(EINVAL, 0, -1);
    refused.kernel_error = EPERM;
    refused.perf_paranoid = -100;
    choice = candor::choose_cpu_timer(TimerMode::Auto, PerfSignal::Auto, refused, 1'000'000);
    CHECK(choice.kind == TimerKind::PerfFasync && !choice.counts_kernel);
    CHECK(choice.time_counted == "user time only: perf_event_open refused kernel time (EPERM)");

    // The thread CPU timer counts both, whatever perf said.
    TimerProbe no_perf = probe(EACCES, EACCES, 0);
    no_perf.kernel_error = EACCES;
    choice = candor::choose_cpu_timer(TimerMode::Auto, PerfSignal::Auto, no_perf, 1'000'000);
    CHECK(choice.kind == TimerKind::Ctimer && choice.counts_kernel && choice.time_counted == "user and kernel time");
    choice = candor::choose_cpu_timer(TimerMode::Ctimer, PerfSignal::Auto, probe(-1, -1, 0), 4'000'000);
    CHECK(choice.kind == TimerKind::Ctimer && choice.counts_kernel);
    choice = candor::choose_cpu_timer(TimerMode::Perf, PerfSignal::Auto, no_perf, 1'000'000);
    CHECK(choice.kind == TimerKind::None && !choice.counts_kernel);
}

TEST(timer_probe_tries_kernel_time_first_then_user_time_only) {
    struct Answers {
        int kernel;
        int user;
        std::vector<bool> asked;
    };
    auto run = [](TimerProbe& p, Answers& answers) {
        return candor::probe_perf_delivery(p, [&answers](bool kernel) {
            answers.asked.push_back(kernel);
            return kernel ? answers.kernel : answers.user;
        });
    };
    // Root, or perf_event_paranoid <= 1: kernel time, asked once.
    TimerProbe p = probe(-1, -1, -1);
    Answers root{0, 0, {}};
    CHECK(run(p, root) == 0 && p.kernel_error == 0 && root.asked == std::vector<bool>{true});

    // paranoid 2: refused with EACCES, then user time only; the next delivery asks for user time at once.
    p = probe(-1, -1, -1);
    Answers paranoid{EACCES, 0, {}};
    CHECK(run(p, paranoid) == 0 && p.kernel_error == EACCES);
    CHECK((paranoid.asked == std::vector<bool>{true, false}));
    paranoid.asked.clear();
    CHECK(run(p, paranoid) == 0 && paranoid.asked == std::vector<bool>{false});

    // EPERM (a seccomp filter, or CAP_PERFMON missing) is a refusal too.
    p = probe(-1, -1, -1);
    Answers eperm{EPERM, EPERM, {}};
    CHECK(run(p, eperm) == EPERM && p.kernel_error == EPERM && eperm.asked.size() == 2);

    // Any other error is the delivery's own (attr.sigtrap before 5.13): no second try, kernel time not ruled out.
    p = probe(-1, -1, -1);
    Answers old_kernel{EINVAL, EINVAL, {}};
    CHECK(run(p, old_kernel) == EINVAL && p.kernel_error == -1 && old_kernel.asked.size() == 1);
    Answers fasync{0, 0, {}};
    CHECK(run(p, fasync) == 0 && p.kernel_error == 0);

    CHECK(candor::kernel_refused(EACCES) && candor::kernel_refused(EPERM));
    CHECK(!candor::kernel_refused(0) && !candor::kernel_refused(-1) && !candor::kernel_refused(EINVAL) &&
          !candor::kernel_refused(ENOENT));
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
