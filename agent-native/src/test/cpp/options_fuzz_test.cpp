// Damaged and crafted native agent options (-agentpath:libcandor.so=OPTIONS, and what the Java side passes on):
// each is taken or refused with one line; the parser never crashes, never loops, and never echoes a control
// character (a line break, an escape sequence for the terminal) into the message the JVM prints. Seeded: the same
// mutants every run.
#include <cstdint>
#include <string>

#include "check.h"
#include "options.h"

using unit::contains;

namespace {

constexpr int kMutants = 20000;

const char* const kSeeds[] = {
    "sample=cpu,interval=1ms,depth=512,timer=perf,perfsignal=rt",
    "sample=wall,interval=10ms,wallthreads=64,clock=tsc,metric=wall",
    "metric=cpu,counters,verbose",
    "sample=cpu,session=/tmp/candor/s.session,trace=/tmp/traces",
    "verbose=false,clock=monotonic,metric=wall",
};

const char* const kEdges[] = {
    ",", "=", "==", ",,", "-1", "0", "1", "999999999999999999", "9999999999999999999", "18446744073709551616",
    "1s", "9223372036ns", "9223372037s", "ms", "us", "\n", "\r", "\t", "\x1b[2J", "\x7f", "\xff", "\xc3\xa9",
    "sample", "interval", "depth", "timer", "perfsignal", "wallthreads", "session", "trace", "clock", "metric",
};

// xorshift64: deterministic, no global state
struct Random {
    std::uint64_t state;
    std::uint64_t next() {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        return state;
    }
    std::size_t below(std::size_t n) { return n == 0 ? 0 : static_cast<std::size_t>(next() % n); }
};

std::string mutate(std::string text, Random& random) {
    const int rounds = 1 + static_cast<int>(random.below(3));
    for (int r = 0; r < rounds; r++) {
        const std::size_t at = random.below(text.size() + 1);
        switch (random.below(5)) {
            case 0:  // a byte set to any value but NUL (a C string ends there)
                if (!text.empty()) text[random.below(text.size())] = static_cast<char>(1 + random.below(255));
                break;
            case 1:  // an edge token inserted
                text.insert(at, kEdges[random.below(sizeof kEdges / sizeof kEdges[0])]);
                break;
            case 2:  // a range deleted
                text.erase(at, random.below(8));
                break;
            case 3:  // a range duplicated
                text.insert(at, text.substr(at, random.below(12)));
                break;
            default:  // a value replaced: after an '=', up to the next ','
            {
                const std::size_t eq = text.find('=', at);
                if (eq == std::string::npos) break;
                const std::size_t end = text.find(',', eq);
                text.replace(eq + 1, (end == std::string::npos ? text.size() : end) - eq - 1,
                             kEdges[random.below(sizeof kEdges / sizeof kEdges[0])]);
            }
        }
    }
    return text;
}

bool one_clear_line(const std::string& message) {
    if (message.empty()) return false;
    for (unsigned char c : message) {
        if (c < 0x20 || c == 0x7f) return false;
    }
    return true;
}

}  // namespace

TEST(options_fuzz_every_mutant_is_taken_or_refused_in_one_line) {
    Random random{20261128};
    int refused = 0;
    int unclear = 0;
    std::string first_unclear;
    for (int i = 0; i < kMutants; i++) {
        const std::string text = mutate(kSeeds[random.below(sizeof kSeeds / sizeof kSeeds[0])], random);
        const auto parsed = candor::parse_options(text.c_str());
        if (parsed.ok()) continue;
        refused++;
        if (!one_clear_line(parsed.error)) {
            if (unclear++ == 0) first_unclear = text;
        }
    }
    if (unclear > 0) std::fprintf(stderr, "  %d unclear messages, the first for '%s'\n", unclear, first_unclear.c_str());
    CHECK(unclear == 0);
    CHECK(refused > kMutants / 4);  // the mutations reach the checks
}

TEST(options_echoed_values_carry_no_control_characters) {
    auto parsed = candor::parse_options("clock=a\nb");
    CHECK(parsed.error == "native agent option 'clock' has bad value 'a?b' (expected clock=auto, clock=tsc or clock=monotonic)");
    parsed = candor::parse_options("\x1b[2J=1");
    CHECK(contains(parsed.error, "option '?[2J' is unknown"));
}
