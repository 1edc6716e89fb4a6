// The native unit tests of the JVM-independent parts: options, clock choice, sample buffer,
// code map, call tree, timer choice, jitter. One binary, run by `make check`.
#include <cstring>
#include <vector>

#include "check.h"

namespace unit {

namespace {

struct Test {
    const char* name;
    TestFunction function;
};

std::vector<Test>& tests() {
    static std::vector<Test> all;
    return all;
}

int failures = 0;

}  // namespace

Registration::Registration(const char* name, TestFunction function) { tests().push_back(Test{name, function}); }

void check(bool ok, const char* what, const char* file, int line) {
    if (!ok) {
        const char* base = std::strrchr(file, '/');
        std::fprintf(stderr, "%s:%d: FAILED: %s\n", base != nullptr ? base + 1 : file, line, what);
        failures++;
    }
}

}  // namespace unit

int main() {
    for (const auto& test : unit::tests()) {
        const int before = unit::failures;
        test.function();
        if (unit::failures != before) std::fprintf(stderr, "  in test %s\n", test.name);
    }
    if (unit::failures != 0) {
        std::fprintf(stderr, "native unit tests: %d failure(s)\n", unit::failures);
        return 1;
    }
    std::printf("native unit tests passed (%zu tests)\n", unit::tests().size());
    return 0;
}
