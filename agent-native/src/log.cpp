#include "log.h"

#include <cstdarg>
#include <cstdio>

namespace candor {

void log_line(const char* format, ...) {
    // Format into one buffer and write once so lines from concurrent threads do not interleave.
    char line[512];
    int prefix = std::snprintf(line, sizeof line, "candor: ");
    va_list args;
    va_start(args, format);
    std::vsnprintf(line + prefix, sizeof line - prefix, format, args);
    va_end(args);
    std::fprintf(stderr, "%s\n", line);
    std::fflush(stderr);
}

}  // namespace candor
