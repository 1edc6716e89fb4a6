#include "options.h"

#include <string_view>

namespace candor {

namespace {

constexpr const char* kKnownKeys =
    "clock, verbose, metric, counters, sample, interval, depth, maxnodes, timer, perfsignal, wallthreads, session, trace";

// Text from the options as a message quotes it: a control character (a line break, an escape sequence the
// terminal would obey) as '?', so the message stays one line.
std::string printable(std::string_view text) {
    std::string out(text);
    for (char& c : out) {
        const auto u = static_cast<unsigned char>(c);
        if (u < 0x20 || u == 0x7f) c = '?';
    }
    return out;
}

std::string unknown_key(std::string_view key) {
    return "native agent option '" + printable(key) + "' is unknown (known: " + kKnownKeys + ")";
}

std::string bad_value(std::string_view key, std::string_view value, const char* expected) {
    return "native agent option '" + printable(key) + "' has bad value '" + printable(value) +
           "' (expected " + expected + ")";
}

std::string out_of_range(std::string_view key, std::int64_t value, std::int64_t low, std::int64_t high) {
    return "native agent option '" + printable(key) + "' is " + std::to_string(value) +
           ", outside the supported range " + std::to_string(low) + ".." + std::to_string(high);
}

// Decimal digits only, no sign; false on anything else or overflow past 10^18.
bool parse_count(std::string_view text, std::int64_t& out) {
    if (text.empty() || text.size() > 18) return false;
    std::int64_t value = 0;
    for (char c : text) {
        if (c < '0' || c > '9') return false;
        value = value * 10 + (c - '0');
    }
    out = value;
    return true;
}

// "<digits>[ns|us|ms|s]", nanoseconds without a unit.
bool parse_duration_ns(std::string_view text, std::int64_t& out) {
    std::size_t digits = 0;
    while (digits < text.size() && text[digits] >= '0' && text[digits] <= '9') digits++;
    const std::string_view unit = text.substr(digits);
    std::int64_t scale = 1;
    if (unit.empty() || unit == "ns") scale = 1;
    else if (unit == "us") scale = 1'000;
    else if (unit == "ms") scale = 1'000'000;
    else if (unit == "s") scale = 1'000'000'000;
    else return false;
    std::int64_t value = 0;
    if (!parse_count(text.substr(0, digits), value)) return false;
    if (value > INT64_MAX / scale) return false;
    out = value * scale;
    return true;
}

// What apply() learnt beyond the options themselves.
struct ParseState {
    std::string first_sampler_key;  // a sampling option given without sample=...
    bool clock_given = false;       // clock=tsc or clock=monotonic, which only wall reads
};

bool is_sampler_key(std::string_view key) {
    return key == "interval" || key == "depth" || key == "maxnodes" || key == "timer" || key == "perfsignal" || key == "wallthreads" ||
           key == "crashtest" || key == "session" || key == "trace";
}

// Applies one "key" or "key=value" item; returns an error message or "".
std::string apply(std::string_view item, Options& options, ParseState& state) {
    const auto eq = item.find('=');
    const bool has_value = eq != std::string_view::npos;
    const std::string_view key = item.substr(0, eq);
    const std::string_view value = has_value ? item.substr(eq + 1) : std::string_view();
    if (is_sampler_key(key) && state.first_sampler_key.empty()) state.first_sampler_key = std::string(key);

    if (key == "clock") {
        if (value == "auto") options.clock = ClockMode::Auto;
        else if (value == "tsc") options.clock = ClockMode::Tsc;
        else if (value == "monotonic") options.clock = ClockMode::Monotonic;
        else return bad_value(key, value, "clock=auto, clock=tsc or clock=monotonic");
        state.clock_given = options.clock != ClockMode::Auto;
        return {};
    }
    if (key == "metric") {
        const MetricSpec* metric = find_metric(value);
        if (metric == nullptr) {
            return "native agent option 'metric' has bad value '" + printable(value) + "' (known metrics: " +
                   metric_names() + ")";
        }
        options.metric = metric;
        return {};
    }
    if (key == "counters") {
        if (has_value) return bad_value(key, value, "counters without a value");
        options.counters = true;
        return {};
    }
    if (key == "verbose") {
        if (!has_value || value == "true") options.verbose = true;
        else if (value == "false") options.verbose = false;
        else return bad_value(key, value, "verbose, verbose=true or verbose=false");
        return {};
    }
    if (key == "sample") {
        if (value == "cpu") options.sample = SampleMode::Cpu;
        else if (value == "wall") options.sample = SampleMode::Wall;
        else return bad_value(key, value, "sample=cpu or sample=wall");
        return {};
    }
    if (key == "interval") {
        std::int64_t ns = 0;
        if (!parse_duration_ns(value, ns)) {
            return bad_value(key, value, "nanoseconds, optionally with a unit: interval=1000000, interval=100us, interval=1ms");
        }
        if (ns < kIntervalFloorNs) {
            return "native agent option 'interval' is " + std::to_string(ns) + " ns, below the supported floor of " +
                   std::to_string(kIntervalFloorNs) + " ns (" + duration_text(kIntervalFloorNs) + ")";
        }
        if (ns > kIntervalCeilingNs) {
            return "native agent option 'interval' is " + std::to_string(ns) + " ns, above the supported ceiling of " +
                   std::to_string(kIntervalCeilingNs) + " ns (" + duration_text(kIntervalCeilingNs) + ")";
        }
        options.interval_ns = ns;
        return {};
    }
    if (key == "maxnodes") {
        std::int64_t n = 0;
        if (!parse_count(value, n)) return bad_value(key, value, "a whole number");
        if (n < kMinSampledNodes || n > kMaxSampledNodes) return out_of_range(key, n, kMinSampledNodes, kMaxSampledNodes);
        options.max_nodes = n;
        return {};
    }
    if (key == "depth" || key == "wallthreads" || key == "crashtest") {
        std::int64_t n = 0;
        if (!parse_count(value, n)) return bad_value(key, value, "a whole number");
        if (key == "depth") {
            if (n < 1 || n > kMaxDepth) return out_of_range(key, n, 1, kMaxDepth);
            options.depth = static_cast<int>(n);
        } else if (key == "wallthreads") {
            if (n < 1 || n > kMaxWallThreads) return out_of_range(key, n, 1, kMaxWallThreads);
            options.wall_threads = static_cast<int>(n);
        } else {
            if (n > 1'000'000) return out_of_range(key, n, 0, 1'000'000);
            options.crash_test = static_cast<int>(n);
        }
        return {};
    }
    if (key == "session") {
        if (value.empty()) return bad_value(key, value, "the path of an agent options file: session=/tmp/options.txt");
        options.session_file = std::string(value);
        return {};
    }
    if (key == "trace") {
        if (value.empty()) return bad_value(key, value, "the trace directory: trace=/tmp/run1");
        options.trace_dir = std::string(value);
        return {};
    }
    if (key == "timer") {
        if (value == "auto") options.timer = TimerMode::Auto;
        else if (value == "perf") options.timer = TimerMode::Perf;
        else if (value == "ctimer") options.timer = TimerMode::Ctimer;
        else return bad_value(key, value, "timer=auto, timer=perf or timer=ctimer");
        return {};
    }
    if (key == "perfsignal") {
        if (value == "auto") options.perf_signal = PerfSignal::Auto;
        else if (value == "sigtrap") options.perf_signal = PerfSignal::Sigtrap;
        else if (value == "fasync") options.perf_signal = PerfSignal::Fasync;
        else return bad_value(key, value, "perfsignal=auto, perfsignal=sigtrap or perfsignal=fasync");
        return {};
    }
    if (key == "simulate") {
        if (value == "noagct") options.simulate_no_agct = true;
        else if (value == "noperf") options.simulate_no_perf = true;
        else if (value == "nokernel") options.simulate_no_kernel = true;
        else if (value == "noeetop") options.simulate_no_eetop = true;
        else if (value == "ignorepause") options.simulate_ignore_pause = true;
        else return bad_value(key, value, "simulate=noagct, simulate=noperf, simulate=nokernel, simulate=noeetop or simulate=ignorepause");
        return {};
    }
    return unknown_key(key);
}

}  // namespace

const char* clock_mode_name(ClockMode mode) {
    switch (mode) {
        case ClockMode::Auto: return "auto";
        case ClockMode::Tsc: return "tsc";
        case ClockMode::Monotonic: return "monotonic";
    }
    return "?";
}

const char* sample_mode_name(SampleMode mode) {
    switch (mode) {
        case SampleMode::Off: return "off";
        case SampleMode::Cpu: return "cpu";
        case SampleMode::Wall: return "wall";
    }
    return "?";
}

std::string duration_text(std::int64_t ns) {
    if (ns != 0 && ns % 1'000'000'000 == 0) return std::to_string(ns / 1'000'000'000) + "s";
    if (ns != 0 && ns % 1'000'000 == 0) return std::to_string(ns / 1'000'000) + "ms";
    if (ns != 0 && ns % 1'000 == 0) return std::to_string(ns / 1'000) + "us";
    return std::to_string(ns) + "ns";
}

ParsedOptions parse_options(const char* text) {
    ParsedOptions parsed;
    ParseState state;
    std::string_view rest = text != nullptr ? std::string_view(text) : std::string_view();
    while (!rest.empty()) {
        const auto comma = rest.find(',');
        const std::string_view item = rest.substr(0, comma);
        rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
        if (item.empty()) continue;
        parsed.error = apply(item, parsed.options, state);
        if (!parsed.ok()) return parsed;
    }
    Options& options = parsed.options;
    if (state.clock_given && options.metric->kind != MetricKind::WallClock) {
        parsed.error = std::string("native agent option 'clock' only applies to metric=wall, not metric=") +
                       options.metric->name;
        return parsed;
    }
    if (options.sample == SampleMode::Off) {
        if (!state.first_sampler_key.empty()) {
            parsed.error = "native agent option '" + state.first_sampler_key + "' needs sample=cpu or sample=wall";
        }
        return parsed;
    }
    if (options.interval_ns == 0) {
        options.interval_ns = options.sample == SampleMode::Cpu ? kDefaultCpuIntervalNs : kDefaultWallIntervalNs;
    }
    return parsed;
}

}  // namespace candor
