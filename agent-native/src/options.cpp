#include "options.h"

#include <string_view>

namespace candor {

namespace {

constexpr const char* kKnownKeys = "clock, verbose";

std::string unknown_key(std::string_view key) {
    return "native agent option '" + std::string(key) + "' is unknown (known: " + kKnownKeys + ")";
}

std::string bad_value(std::string_view key, std::string_view value, const char* expected) {
    return "native agent option '" + std::string(key) + "' has bad value '" + std::string(value) +
           "' (expected " + expected + ")";
}

// Applies one "key" or "key=value" item; returns an error message or "".
std::string apply(std::string_view item, Options& options) {
    const auto eq = item.find('=');
    const bool has_value = eq != std::string_view::npos;
    const std::string_view key = item.substr(0, eq);
    const std::string_view value = has_value ? item.substr(eq + 1) : std::string_view();

    if (key == "clock") {
        if (value == "auto") options.clock = ClockMode::Auto;
        else if (value == "tsc") options.clock = ClockMode::Tsc;
        else if (value == "monotonic") options.clock = ClockMode::Monotonic;
        else return bad_value(key, value, "clock=auto, clock=tsc or clock=monotonic");
        return {};
    }
    if (key == "verbose") {
        if (!has_value || value == "true") options.verbose = true;
        else if (value == "false") options.verbose = false;
        else return bad_value(key, value, "verbose, verbose=true or verbose=false");
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

ParsedOptions parse_options(const char* text) {
    ParsedOptions parsed;
    std::string_view rest = text != nullptr ? std::string_view(text) : std::string_view();
    while (!rest.empty()) {
        const auto comma = rest.find(',');
        const std::string_view item = rest.substr(0, comma);
        rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
        if (item.empty()) continue;
        parsed.error = apply(item, parsed.options);
        if (!parsed.ok()) break;
    }
    return parsed;
}

}  // namespace candor
