// The C API of counters_api.h: the catalogue by index, checks and costs that agree with check_metric,
// text buffers filled like snprintf, bad arguments refused, no agent state touched, and the built
// library loaded with dlopen by a program without a JVM.
#include <dlfcn.h>

#include <cstdlib>
#include <cstring>
#include <string>

#include "check.h"
#include "clock/clock_choice.h"
#include "clock/tsc.h"
#include "counters/counters_api.h"
#include "counters/metric_catalogue.h"
#include "counters/metric_check.h"
#include "counters/thread_counter.h"

using unit::contains;

namespace {

int index_of(const char* name) {
    for (int i = 0; i < candor_metric_count(); i++) {
        if (std::strcmp(candor_metric_name(i), name) == 0) return i;
    }
    return -1;
}

}  // namespace

TEST(api_lists_the_catalogue_in_its_order) {
    CHECK(candor_api_version() == CANDOR_API_VERSION);
    CHECK(candor_metric_count() == candor::metric_catalogue_size());
    for (int i = 0; i < candor_metric_count(); i++) {
        const candor::MetricSpec& spec = candor::metric_catalogue()[i];
        CHECK(std::strcmp(candor_metric_name(i), spec.name) == 0);
        CHECK(std::strcmp(candor_metric_unit(i), candor::metric_unit_name(spec.unit)) == 0);
        CHECK(std::strcmp(candor_metric_description(i), spec.description) == 0);
    }
    CHECK(std::strcmp(candor_metric_name(0), "wall") == 0);
    CHECK(std::strcmp(candor_metric_unit(index_of("page-faults")), "events") == 0);
    CHECK(candor_metric_name(-1) == nullptr && candor_metric_name(candor_metric_count()) == nullptr);
    CHECK(candor_metric_unit(99) == nullptr && candor_metric_description(-5) == nullptr);
    CHECK(std::strcmp(candor_metric_kind(index_of("wall")), "clock") == 0);
    CHECK(std::strcmp(candor_metric_kind(index_of("cpu")), "clock") == 0);
    CHECK(std::strcmp(candor_metric_kind(index_of("task-clock")), "software") == 0);
    CHECK(std::strcmp(candor_metric_kind(index_of("context-switches")), "software") == 0);
    CHECK(std::strcmp(candor_metric_kind(index_of("cycles")), "hardware") == 0);
    CHECK(candor_metric_kind(candor_metric_count()) == nullptr);
}

TEST(api_checks_agree_with_check_metric) {
    const candor::ClockChoice clock = candor::choose_clock(candor::ClockMode::Auto, candor::probe_tsc_facts());
    const candor::PerfFacts facts = candor::probe_perf_facts();
    for (int i = 0; i < candor_metric_count(); i++) {
        char text[512];
        const int available = candor_metric_check(i, text, sizeof text);
        const candor::MetricCheck direct = candor::check_metric(candor::metric_catalogue()[i], clock.source, facts);
        CHECK(available == (direct.available ? 1 : 0));
        CHECK(std::string(text) == (direct.available ? direct.read_by : direct.reason));
        CHECK(std::strlen(text) > 0);
    }
    char text[512];
    CHECK(candor_metric_check(index_of("cpu"), text, sizeof text) == 1);
    CHECK(std::string(text) == "clock_gettime(CLOCK_THREAD_CPUTIME_ID)");
    CHECK(candor_metric_check(0, text, sizeof text) == 1);
    CHECK(std::string(text) == (clock.source == candor::ClockSource::Tsc ? "rdtsc" : "clock_gettime(CLOCK_MONOTONIC)"));
}

TEST(api_text_is_cut_like_snprintf_and_bad_arguments_are_refused) {
    char text[8];
    std::memset(text, 'x', sizeof text);
    CHECK(candor_metric_check(index_of("cpu"), text, 6) == 1);
    CHECK(std::string(text) == "clock" && text[6] == 'x');
    CHECK(candor_metric_check(index_of("cpu"), nullptr, 0) == 1);
    CHECK(candor_metric_check(index_of("cpu"), text, 0) == 1 && text[0] == 'c');
    std::memset(text, 'x', sizeof text);
    CHECK(candor_metric_check(-1, text, sizeof text) == -1 && text[0] == 'x');
    CHECK(candor_metric_check(candor_metric_count(), text, sizeof text) == -1);
    CHECK(candor_metric_read_cost(-1, 1000) == -1);
    CHECK(candor_metric_read_cost(0, 0) == -1 && candor_metric_read_cost(0, 10'000'001) == -1);
}

TEST(api_wall_clock_is_what_clock_auto_chooses) {
    const candor::ClockChoice clock = candor::choose_clock(candor::ClockMode::Auto, candor::probe_tsc_facts());
    char text[512];
    CHECK(candor_wall_clock(text, sizeof text) == static_cast<int>(clock.source));
    CHECK(std::string(text) == clock.reason);
    CHECK(contains(text, "TSC") || contains(text, "architecture"));
}

TEST(api_cpu_pmu_is_the_fact_perf_refusals_are_worded_from) {
    CHECK(candor_cpu_pmu() == (candor::probe_perf_facts().hardware_pmu ? 1 : 0));
    if (candor_cpu_pmu() == 0) {
        char text[512];
        CHECK(candor_metric_check(index_of("cycles"), text, sizeof text) == 0);
        CHECK(contains(text, "no hardware PMU on this machine"));
    }
}

TEST(api_read_costs_are_measured_for_what_can_be_read) {
    const std::int64_t threads_before = candor::thread_counter_stats().threads.load();
    for (int i = 0; i < candor_metric_count(); i++) {
        const bool available = candor_metric_check(i, nullptr, 0) == 1;
        const double cost = candor_metric_read_cost(i, 2000);
        if (available) {
            CHECK(cost > 0 && cost < 100'000);
        } else {
            CHECK(cost == -2);
        }
    }
    // the wall clock's reader costs less than a microsecond on any machine (rdtsc ~10 ns, vDSO ~25 ns)
    CHECK(candor_metric_read_cost(0, 100'000) < 1000);
    CHECK(candor::thread_counter_stats().threads.load() == threads_before);
}

TEST(api_works_from_the_built_library_without_a_jvm) {
    const char* path = std::getenv("CANDOR_NATIVE_LIB");
    if (path == nullptr) return;  // make check sets it; check-tsan has no library to load
    void* library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    CHECK(library != nullptr);
    if (library == nullptr) {
        std::fprintf(stderr, "dlopen %s: %s\n", path, dlerror());
        return;
    }
    auto count = reinterpret_cast<int (*)()>(dlsym(library, "candor_metric_count"));
    auto name = reinterpret_cast<const char* (*)(int)>(dlsym(library, "candor_metric_name"));
    auto check = reinterpret_cast<int (*)(int, char*, int)>(dlsym(library, "candor_metric_check"));
    CHECK(count != nullptr && name != nullptr && check != nullptr);
    if (count != nullptr && name != nullptr && check != nullptr) {
        CHECK(count() == candor_metric_count());
        CHECK(std::strcmp(name(1), "cpu") == 0);
        char text[256];
        CHECK(check(1, text, sizeof text) == 1 && std::string(text) == "clock_gettime(CLOCK_THREAD_CPUTIME_ID)");
    }
    CHECK(dlsym(library, "check_metric") == nullptr);  // the C++ inside stays hidden
    dlclose(library);
}
