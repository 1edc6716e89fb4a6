#include "check.h"
#include "options.h"

using candor::ClockMode;
using candor::PerfSignal;
using candor::SampleMode;
using candor::TimerMode;
using unit::contains;

TEST(options_defaults) {
    for (const char* text : {static_cast<const char*>(nullptr), "", ",,"}) {
        const auto parsed = candor::parse_options(text);
        CHECK(parsed.ok());
        CHECK(parsed.options.clock == ClockMode::Auto);
        CHECK(!parsed.options.verbose);
        CHECK(parsed.options.sample == SampleMode::Off);
    }
}

TEST(options_clock_values) {
    auto parsed = candor::parse_options("clock=tsc,verbose");
    CHECK(parsed.ok() && parsed.options.clock == ClockMode::Tsc && parsed.options.verbose);
    parsed = candor::parse_options("verbose=true,clock=monotonic,verbose=false");
    CHECK(parsed.ok() && parsed.options.clock == ClockMode::Monotonic && !parsed.options.verbose);
    parsed = candor::parse_options("clock=tsc,clock=auto");
    CHECK(parsed.ok() && parsed.options.clock == ClockMode::Auto);
}

TEST(options_clock_errors) {
    auto parsed = candor::parse_options("clock=auto,foo");
    CHECK(parsed.error ==
          "native agent option 'foo' is unknown (known: clock, verbose, metric, counters, sample, interval, depth, maxnodes, timer, perfsignal, wallthreads, session, trace)");
    parsed = candor::parse_options("clock");
    CHECK(contains(parsed.error, "'clock' has bad value ''"));
    parsed = candor::parse_options("clock=TSC");
    CHECK(contains(parsed.error, "'clock' has bad value 'TSC'"));
    parsed = candor::parse_options("verbose=yes");
    CHECK(contains(parsed.error, "'verbose' has bad value 'yes'"));
    parsed = candor::parse_options("=x");
    CHECK(contains(parsed.error, "option '' is unknown"));
}

TEST(options_sampler_defaults_per_mode) {
    auto parsed = candor::parse_options("sample=cpu");
    CHECK(parsed.ok());
    CHECK(parsed.options.sample == SampleMode::Cpu);
    CHECK(parsed.options.interval_ns == 1'000'000);
    CHECK(parsed.options.depth == 1024);
    CHECK(parsed.options.timer == TimerMode::Auto);
    CHECK(parsed.options.perf_signal == PerfSignal::Auto);
    CHECK(parsed.options.wall_threads == 16);
    CHECK(parsed.options.crash_test == 0 && !parsed.options.simulate_no_agct && !parsed.options.simulate_no_perf);

    parsed = candor::parse_options("sample=wall");
    CHECK(parsed.ok() && parsed.options.sample == SampleMode::Wall && parsed.options.interval_ns == 10'000'000);
    // The default follows the mode that wins, whatever the order.
    parsed = candor::parse_options("sample=wall,sample=cpu");
    CHECK(parsed.ok() && parsed.options.interval_ns == 1'000'000);
}

TEST(options_sampler_values) {
    auto parsed = candor::parse_options("sample=cpu,interval=250000,depth=64,timer=perf,perfsignal=fasync");
    CHECK(parsed.ok());
    CHECK(parsed.options.interval_ns == 250'000 && parsed.options.depth == 64);
    CHECK(parsed.options.timer == TimerMode::Perf && parsed.options.perf_signal == PerfSignal::Fasync);
    parsed = candor::parse_options("interval=10000,sample=wall,wallthreads=3,timer=ctimer,perfsignal=sigtrap");
    CHECK(parsed.ok() && parsed.options.interval_ns == 10'000 && parsed.options.wall_threads == 3);
    CHECK(parsed.options.timer == TimerMode::Ctimer && parsed.options.perf_signal == PerfSignal::Sigtrap);
    // Units.
    CHECK(candor::parse_options("sample=cpu,interval=100us").options.interval_ns == 100'000);
    CHECK(candor::parse_options("sample=cpu,interval=2ms").options.interval_ns == 2'000'000);
    CHECK(candor::parse_options("sample=cpu,interval=1s").options.interval_ns == 1'000'000'000);
    CHECK(candor::parse_options("sample=cpu,interval=15000ns").options.interval_ns == 15'000);
    // Limits are inclusive.
    CHECK(candor::parse_options("sample=cpu,depth=1").ok());
    CHECK(candor::parse_options("sample=cpu,depth=4096").ok());
    CHECK(candor::parse_options("sample=wall,wallthreads=1024").ok());
    CHECK(candor::parse_options("sample=cpu,interval=60s").ok());
    // Test hooks.
    parsed = candor::parse_options("sample=cpu,crashtest=5,simulate=noagct,simulate=noperf");
    CHECK(parsed.ok() && parsed.options.crash_test == 5 && parsed.options.simulate_no_agct && parsed.options.simulate_no_perf);
    CHECK(!parsed.options.simulate_no_eetop);
    CHECK(candor::parse_options("sample=cpu,simulate=noeetop").options.simulate_no_eetop);
    CHECK(candor::parse_options("sample=cpu,simulate=ignorepause").options.simulate_ignore_pause);
    CHECK(!parsed.options.simulate_ignore_pause);
}

TEST(options_sampler_errors) {
    CHECK(candor::parse_options("sample=cpu,interval=5000").error ==
          "native agent option 'interval' is 5000 ns, below the supported floor of 10000 ns (10us)");
    CHECK(candor::parse_options("sample=cpu,interval=9999").error ==
          "native agent option 'interval' is 9999 ns, below the supported floor of 10000 ns (10us)");
    CHECK(candor::parse_options("sample=cpu,interval=61s").error ==
          "native agent option 'interval' is 61000000000 ns, above the supported ceiling of 60000000000 ns (60s)");
    CHECK(candor::parse_options("sample=cpu,interval=0").error ==
          "native agent option 'interval' is 0 ns, below the supported floor of 10000 ns (10us)");
    for (const char* bad : {"sample=cpu,interval=", "sample=cpu,interval=1m", "sample=cpu,interval=-5",
                            "sample=cpu,interval=1.5ms", "sample=cpu,interval=ms", "sample=cpu,interval=99999999999999999999"}) {
        CHECK(contains(candor::parse_options(bad).error, "'interval' has bad value"));
    }
    CHECK(candor::parse_options("sample=alloc").error ==
          "native agent option 'sample' has bad value 'alloc' (expected sample=cpu or sample=wall)");
    CHECK(contains(candor::parse_options("sample").error, "'sample' has bad value ''"));
    CHECK(candor::parse_options("sample=cpu,depth=0").error ==
          "native agent option 'depth' is 0, outside the supported range 1..4096");
    CHECK(candor::parse_options("sample=cpu,depth=4097").error ==
          "native agent option 'depth' is 4097, outside the supported range 1..4096");
    CHECK(contains(candor::parse_options("sample=cpu,depth=deep").error, "'depth' has bad value 'deep'"));
    CHECK(candor::parse_options("sample=cpu,maxnodes=999").error ==
          "native agent option 'maxnodes' is 999, outside the supported range 1000..100000000");
    CHECK(contains(candor::parse_options("sample=cpu,maxnodes=many").error, "'maxnodes' has bad value 'many'"));
    CHECK(candor::parse_options("sample=cpu,maxnodes=5000").options.max_nodes == 5000);
    CHECK(candor::parse_options("sample=cpu").options.max_nodes == 1'000'000);
    CHECK(contains(candor::parse_options("sample=wall,wallthreads=0").error, "outside the supported range 1..1024"));
    CHECK(contains(candor::parse_options("sample=cpu,timer=itimer").error,
                   "'timer' has bad value 'itimer' (expected timer=auto, timer=perf or timer=ctimer)"));
    CHECK(contains(candor::parse_options("sample=cpu,perfsignal=sigio").error, "'perfsignal' has bad value 'sigio'"));
    CHECK(contains(candor::parse_options("sample=cpu,simulate=crash").error, "'simulate' has bad value 'crash'"));
    // Sampling options without sample=...
    CHECK(candor::parse_options("interval=1000000").error ==
          "native agent option 'interval' needs sample=cpu or sample=wall");
    CHECK(candor::parse_options("clock=tsc,depth=8").error == "native agent option 'depth' needs sample=cpu or sample=wall");
    // The first bad item decides; nothing after it is looked at.
    CHECK(contains(candor::parse_options("sample=cpu,interval=1,foo").error, "'interval' is 1 ns"));
}

TEST(options_duration_text) {
    CHECK(candor::duration_text(10'000) == "10us");
    CHECK(candor::duration_text(4'000'000) == "4ms");
    CHECK(candor::duration_text(60'000'000'000) == "60s");
    CHECK(candor::duration_text(1'500) == "1500ns");
    CHECK(candor::duration_text(0) == "0ns");
}

TEST(options_session_file) {
    auto parsed = candor::parse_options("sample=cpu,session=/tmp/candor-options1.txt,interval=1ms");
    CHECK(parsed.ok() && parsed.options.session_file == "/tmp/candor-options1.txt");
    CHECK(candor::parse_options("sample=cpu").options.session_file.empty());
    CHECK(candor::parse_options("session=/tmp/o.txt").error == "native agent option 'session' needs sample=cpu or sample=wall");
    CHECK(contains(candor::parse_options("sample=wall,session=").error, "'session' has bad value ''"));
}
