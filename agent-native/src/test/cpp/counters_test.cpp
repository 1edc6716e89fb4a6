// The metric catalogue, metric= parsing, the words for perf refusals, and the per-thread counter
// (lazy open, reads, the failure path, closing at thread end).
#include <linux/perf_event.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <set>
#include <string>
#include <thread>

#include "check.h"
#include "counters/metric_catalogue.h"
#include "counters/metric_check.h"
#include "counters/metric_reader.h"
#include "counters/rdpmc.h"
#include "counters/thread_counter.h"
#include "options.h"

using candor::MetricKind;
using candor::MetricSpec;
using candor::MetricUnit;
using unit::contains;

namespace {

const MetricSpec& metric(const char* name) { return *candor::find_metric(name); }

// A counter no kernel has: every open fails with ENOENT.
const MetricSpec kBogus{"bogus", MetricKind::PerfCounter, MetricUnit::Events, 0x7fff0000, 0, false, "test"};

using Reader = jlong (*)(JNIEnv*, jclass);

jlong read_with(const candor::TickReader& reader) { return reinterpret_cast<Reader>(reader.function)(nullptr, nullptr); }

// Touches `pages` fresh pages (munmapped afterwards) and returns how many it touched.
long touch_fresh_pages(long pages) {
    const long size = pages * sysconf(_SC_PAGESIZE);
    auto* memory = static_cast<char*>(mmap(nullptr, static_cast<std::size_t>(size), PROT_READ | PROT_WRITE,
                                           MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
    if (memory == MAP_FAILED) return 0;
    madvise(memory, static_cast<std::size_t>(size), MADV_NOHUGEPAGE);
    for (long i = 0; i < size; i += sysconf(_SC_PAGESIZE)) memory[i] = 1;
    munmap(memory, static_cast<std::size_t>(size));
    return pages;
}

}  // namespace

TEST(metric_catalogue_names_are_unique_and_wall_is_first) {
    std::set<std::string> names;
    for (int i = 0; i < candor::metric_catalogue_size(); i++) names.insert(candor::metric_catalogue()[i].name);
    CHECK(static_cast<int>(names.size()) == candor::metric_catalogue_size());
    CHECK(std::string(candor::wall_metric().name) == "wall");
    CHECK(candor::metric_names() ==
          "wall, cpu, task-clock, page-faults, context-switches, instructions, cycles, cache-misses, branch-misses");
    CHECK(candor::find_metric("cycles") != nullptr && candor::is_hardware_metric(metric("cycles")));
    CHECK(!candor::is_hardware_metric(metric("page-faults")));
    CHECK(candor::find_metric("Cycles") == nullptr && candor::find_metric("") == nullptr);
    CHECK(metric("page-faults").unit == MetricUnit::Events && metric("task-clock").unit == MetricUnit::Nanos);
    CHECK(metric("context-switches").kernel_event && !metric("page-faults").kernel_event);
}

TEST(options_metric) {
    auto parsed = candor::parse_options(nullptr);
    CHECK(parsed.ok() && parsed.options.metric == &candor::wall_metric() && !parsed.options.counters);
    parsed = candor::parse_options("metric=page-faults,counters");
    CHECK(parsed.ok() && parsed.options.metric == &metric("page-faults") && parsed.options.counters);
    parsed = candor::parse_options("metric=cpu,clock=auto");
    CHECK(parsed.ok() && parsed.options.metric == &metric("cpu"));
    parsed = candor::parse_options("metric=cycels");
    CHECK(parsed.error ==
          "native agent option 'metric' has bad value 'cycels' (known metrics: wall, cpu, task-clock, page-faults, "
          "context-switches, instructions, cycles, cache-misses, branch-misses)");
    parsed = candor::parse_options("metric=cpu,clock=tsc");
    CHECK(parsed.error == "native agent option 'clock' only applies to metric=wall, not metric=cpu");
    parsed = candor::parse_options("metric=wall,clock=monotonic");
    CHECK(parsed.ok());
    parsed = candor::parse_options("counters=yes");
    CHECK(contains(parsed.error, "'counters' has bad value 'yes'"));
}

TEST(perf_refusal_words) {
    candor::PerfFacts no_pmu;
    no_pmu.paranoid = 2;
    CHECK(candor::perf_refusal(metric("cycles"), ENOENT, no_pmu) ==
          "no hardware PMU on this machine (perf_event_open: ENOENT)");
    candor::PerfFacts pmu = no_pmu;
    pmu.hardware_pmu = true;
    CHECK(contains(candor::perf_refusal(metric("cache-misses"), ENOENT, pmu), "this CPU's PMU does not count this event"));
    const std::string kernel = candor::perf_refusal(metric("context-switches"), EACCES, no_pmu);
    CHECK(kernel ==
          "counted in the kernel: needs kernel.perf_event_paranoid <= 1 or CAP_PERFMON, it is 2 (perf_event_open: EACCES)");
    candor::PerfFacts locked = no_pmu;
    locked.paranoid = 3;
    CHECK(candor::perf_refusal(metric("page-faults"), EACCES, locked) ==
          "perf is refused to this user: needs kernel.perf_event_paranoid <= 2 or CAP_PERFMON, it is 3, or a seccomp "
          "filter refuses it (perf_event_open: EACCES)");
    CHECK(contains(candor::perf_refusal(metric("page-faults"), ENOSYS, no_pmu), "no perf_event_open"));
}

TEST(check_metric_clocks_are_always_available) {
    const candor::PerfFacts facts = candor::probe_perf_facts();
    auto check = candor::check_metric(metric("wall"), candor::ClockSource::Tsc, facts);
    CHECK(check.available && check.read_by == "rdtsc");
    check = candor::check_metric(metric("cpu"), candor::ClockSource::Monotonic, facts);
    CHECK(check.available && check.read_by == "clock_gettime(CLOCK_THREAD_CPUTIME_ID)");
    check = candor::check_metric(kBogus, candor::ClockSource::Monotonic, facts);
    CHECK(!check.available && contains(check.reason, "ENOENT"));
    // Hardware counters: available exactly when this machine has a PMU that counts them.
    check = candor::check_metric(metric("instructions"), candor::ClockSource::Monotonic, facts);
    CHECK(check.available || !check.reason.empty());
}

TEST(tick_readers) {
    auto reader = candor::tick_reader(metric("cpu"), candor::ClockSource::Monotonic);
    CHECK(reader.source == candor::TickSource::ThreadNanos);
    const jlong before = read_with(reader);
    volatile long spin = 0;
    for (long i = 0; i < 20'000'000; i++) spin = spin + i;
    CHECK(read_with(reader) - before > 1'000'000);  // 20M adds take well over 1 ms of CPU
    reader = candor::tick_reader(metric("wall"), candor::ClockSource::Monotonic);
    CHECK(reader.source == candor::TickSource::Monotonic && read_with(reader) > 0);
    CHECK(candor::tick_reader(metric("page-faults"), candor::ClockSource::Tsc).source == candor::TickSource::ThreadEvents);
    CHECK(candor::tick_reader(metric("task-clock"), candor::ClockSource::Tsc).source == candor::TickSource::ThreadNanos);
}

using RawReader = jlong (*)(JNIEnv*, jclass);

TEST(tsc_reader_has_ordered_reads_that_keep_time) {
    const auto reader = candor::tick_reader(metric("wall"), candor::ClockSource::Tsc);
    if (reader.source != candor::TickSource::Tsc) return;  // not an x86 build
    CHECK(reader.ending != reader.function && reader.starting != reader.function && reader.ending != reader.starting);
    const auto plain = reinterpret_cast<RawReader>(reader.function);
    const auto ending = reinterpret_cast<RawReader>(reader.ending);
    const auto starting = reinterpret_cast<RawReader>(reader.starting);
    // one clock: each read is at or after the one before it
    const jlong a = plain(nullptr, nullptr);
    const jlong b = ending(nullptr, nullptr);
    const jlong c = starting(nullptr, nullptr);
    const jlong d = plain(nullptr, nullptr);
    CHECK(a <= b && b <= c && c <= d);
    // the other readers are ordered already: the same function serves all three reads
    const auto cpu = candor::tick_reader(metric("cpu"), candor::ClockSource::Tsc);
    CHECK(cpu.ending == cpu.function && cpu.starting == cpu.function);
}

// Runs in its own threads, so each opens its counter on its first read and closes it at its end.
TEST(thread_counter_counts_page_faults_per_thread) {
    if (!candor::check_metric(metric("page-faults"), candor::ClockSource::Monotonic, candor::probe_perf_facts()).available) {
        std::fprintf(stderr, "  (page-faults not readable here: skipped)\n");
        return;
    }
    candor::set_thread_counter_metric(metric("page-faults"));
    const auto& stats = candor::thread_counter_stats();
    const std::int64_t threads_before = stats.threads.load();
    const std::int64_t closed_before = stats.threads_closed.load();
    std::int64_t first = -1, faults = -1, idle = -1;
    std::thread worker([&] {
        first = candor::read_thread_counter();
        touch_fresh_pages(2000);
        faults = candor::read_thread_counter() - first;
        const std::int64_t again = candor::read_thread_counter();
        idle = candor::read_thread_counter() - again;
    });
    worker.join();
    CHECK(first >= 0 && first < 50);
    CHECK(faults >= 2000 && faults < 20000);  // ThreadSanitizer's shadow memory faults too
    CHECK(idle == 0);
    CHECK(stats.threads.load() == threads_before + 1);
    CHECK(stats.threads_closed.load() == closed_before + 1);
    // Another thread has its own count: it starts near 0 whatever the first thread did.
    std::int64_t other = -1;
    std::thread([&] { other = candor::read_thread_counter(); }).join();
    CHECK(other >= 0 && other < 50);
}

TEST(thread_counter_that_cannot_open_reads_zero_and_is_counted) {
    candor::set_thread_counter_metric(kBogus);
    const auto& stats = candor::thread_counter_stats();
    const std::int64_t failed_before = stats.threads_failed.load();
    std::int64_t a = -1, b = -1;
    std::thread([&] {
        a = candor::read_thread_counter();
        touch_fresh_pages(10);
        b = candor::read_thread_counter();
    }).join();
    CHECK(a == 0 && b == 0);
    CHECK(stats.threads_failed.load() == failed_before + 1);
    CHECK(stats.last_open_errno.load() == ENOENT);
    CHECK(contains(stats.text(), "counters.threads_failed="));
}

// The rdpmc path is only taken when the user page allows it and the event is on a counter;
// otherwise the read falls back to read(2). (A machine without a PMU cannot run rdpmc itself.)
TEST(rdpmc_declines_pages_that_do_not_allow_it) {
    perf_event_mmap_page page;
    std::memset(&page, 0, sizeof page);
    std::uint64_t value = 42;
    CHECK(!candor::rdpmc_read(&page, value) && value == 42);  // cap_user_rdpmc 0
    CHECK(!candor::rdpmc_allowed(&page) && !candor::rdpmc_allowed(nullptr));
    page.cap_user_rdpmc = 1;
    page.index = 0;  // not scheduled on a counter right now
    CHECK(!candor::rdpmc_read(&page, value) && value == 42);
    CHECK(candor::rdpmc_allowed(&page) == (CANDOR_HAS_RDPMC == 1));
    page.index = 1;
    page.pmc_width = 0;  // a page that makes no sense
    CHECK(!candor::rdpmc_read(&page, value) && value == 42);
}
