#include "counters/counters_api.h"

#include <algorithm>
#include <cstring>
#include <string>

#include "clock/clock_choice.h"
#include "clock/tsc.h"
#include "counters/metric_catalogue.h"
#include "counters/metric_check.h"
#include "counters/read_cost.h"

#define CANDOR_EXPORT __attribute__((visibility("default")))

namespace {

constexpr int kMaxReads = 10'000'000;

const candor::MetricSpec* metric_at(int index) {
    if (index < 0 || index >= candor::metric_catalogue_size()) return nullptr;
    return &candor::metric_catalogue()[index];
}

// What clock=auto picks; the TSC's facts do not change while the process runs.
const candor::ClockChoice& wall_clock_choice() {
    static const candor::ClockChoice choice = candor::choose_clock(candor::ClockMode::Auto, candor::probe_tsc_facts());
    return choice;
}

void copy_text(const std::string& from, char* text, int size) {
    if (text == nullptr || size <= 0) return;
    const std::size_t length = std::min(from.size(), static_cast<std::size_t>(size) - 1);
    std::memcpy(text, from.data(), length);
    text[length] = '\0';
}

}  // namespace

extern "C" {

CANDOR_EXPORT int candor_api_version(void) { return CANDOR_API_VERSION; }

CANDOR_EXPORT int candor_metric_count(void) { return candor::metric_catalogue_size(); }

CANDOR_EXPORT const char* candor_metric_name(int index) {
    const candor::MetricSpec* spec = metric_at(index);
    return spec == nullptr ? nullptr : spec->name;
}

CANDOR_EXPORT const char* candor_metric_unit(int index) {
    const candor::MetricSpec* spec = metric_at(index);
    return spec == nullptr ? nullptr : candor::metric_unit_name(spec->unit);
}

CANDOR_EXPORT const char* candor_metric_description(int index) {
    const candor::MetricSpec* spec = metric_at(index);
    return spec == nullptr ? nullptr : spec->description;
}

CANDOR_EXPORT const char* candor_metric_kind(int index) {
    const candor::MetricSpec* spec = metric_at(index);
    if (spec == nullptr) return nullptr;
    if (spec->kind != candor::MetricKind::PerfCounter) return "clock";
    return candor::is_hardware_metric(*spec) ? "hardware" : "software";
}

CANDOR_EXPORT int candor_metric_check(int index, char* text, int size) {
    const candor::MetricSpec* spec = metric_at(index);
    if (spec == nullptr) return -1;
    const candor::MetricCheck check =
        candor::check_metric(*spec, wall_clock_choice().source, candor::probe_perf_facts());
    copy_text(check.available ? check.read_by : check.reason, text, size);
    return check.available ? 1 : 0;
}

CANDOR_EXPORT double candor_metric_read_cost(int index, int reads) {
    const candor::MetricSpec* spec = metric_at(index);
    if (spec == nullptr || reads < 1 || reads > kMaxReads) return -1;
    const double cost = candor::measure_read_cost(*spec, wall_clock_choice().source, reads);
    return cost < 0 ? -2 : cost;
}

CANDOR_EXPORT int candor_cpu_pmu(void) { return candor::probe_perf_facts().hardware_pmu ? 1 : 0; }

CANDOR_EXPORT int candor_wall_clock(char* text, int size) {
    const candor::ClockChoice& choice = wall_clock_choice();
    copy_text(choice.reason, text, size);
    return static_cast<int>(choice.source);
}

}  // extern "C"
