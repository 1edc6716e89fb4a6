#include "clock/tsc.h"

#include <cstdio>
#include <cstdlib>
#include <string_view>

#if CANDOR_HAS_TSC
#include <cpuid.h>
#endif

namespace candor {

namespace {

constexpr const char* kCpuinfo = "/proc/cpuinfo";
constexpr const char* kClocksource = "/sys/devices/system/clocksource/clocksource0/current_clocksource";

bool cpuid_says_invariant() {
#if CANDOR_HAS_TSC
    unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
    // __get_cpuid checks the highest extended leaf first and fails if 0x80000007 is missing.
    if (__get_cpuid(0x80000007, &eax, &ebx, &ecx, &edx) == 0) return false;
    return (edx & (1u << 8)) != 0;
#else
    return false;
#endif
}

// Reads a text file line by line with getline(3), owning the file and the line buffer.
class LineReader {
public:
    explicit LineReader(const char* path) : file_(std::fopen(path, "re")) {}
    ~LineReader() {
        std::free(buffer_);
        if (file_ != nullptr) std::fclose(file_);
    }
    LineReader(const LineReader&) = delete;
    LineReader& operator=(const LineReader&) = delete;

    // The next line without its line break; false at the end or when the file cannot be read.
    bool next(std::string_view& line) {
        if (file_ == nullptr) return false;
        const ssize_t length = getline(&buffer_, &capacity_, file_);
        if (length < 0) return false;
        line = std::string_view(buffer_, static_cast<std::size_t>(length));
        while (!line.empty() && (line.back() == '\n' || line.back() == ' ')) line.remove_suffix(1);
        return true;
    }

private:
    std::FILE* file_;
    char* buffer_ = nullptr;
    std::size_t capacity_ = 0;
};

bool has_word(std::string_view text, std::string_view word) {
    for (auto pos = text.find(word); pos != std::string_view::npos; pos = text.find(word, pos + 1)) {
        const auto end = pos + word.size();
        const bool starts = pos == 0 || text[pos - 1] == ' ' || text[pos - 1] == '\t';
        const bool ends = end == text.size() || text[end] == ' ' || text[end] == '\t';
        if (starts && ends) return true;
    }
    return false;
}

bool cpuinfo_says_invariant() {
    LineReader cpuinfo(kCpuinfo);
    for (std::string_view line; cpuinfo.next(line);) {
        if (line.compare(0, 5, "flags") != 0) continue;
        // Every CPU lists the same flags; the first "flags" line decides.
        const std::string_view flags = line.substr(line.find(':') + 1);
        return has_word(flags, "constant_tsc") && has_word(flags, "nonstop_tsc");
    }
    return false;
}

std::string kernel_clocksource() {
    LineReader file(kClocksource);
    std::string_view name;
    return file.next(name) ? std::string(name) : std::string();
}

}  // namespace

TscFacts probe_tsc_facts() {
    TscFacts facts;
    if (facts.available) {
        facts.cpuid_invariant = cpuid_says_invariant();
        facts.cpuinfo_invariant = cpuinfo_says_invariant();
    }
    facts.kernel_clocksource = kernel_clocksource();
    return facts;
}

}  // namespace candor
