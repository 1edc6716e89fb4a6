#pragma once

#include <string>

namespace candor {

enum class ClockMode { Auto, Tsc, Monotonic };

const char* clock_mode_name(ClockMode mode);

struct Options {
    ClockMode clock = ClockMode::Auto;
    bool verbose = false;
};

struct ParsedOptions {
    Options options;
    std::string error;  // empty when parsing succeeded

    bool ok() const { return error.empty(); }
};

// Parses the agent option string "key[=value],key[=value],...". Null or empty means defaults.
// Empty items (",,") are ignored; a repeated key takes its last value.
ParsedOptions parse_options(const char* text);

}  // namespace candor
