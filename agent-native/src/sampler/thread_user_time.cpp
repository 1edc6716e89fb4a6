#include "sampler/thread_user_time.h"

#include <fcntl.h>
#include <sys/resource.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace candor {

std::int64_t own_user_ns() {
    rusage usage;
    if (getrusage(RUSAGE_THREAD, &usage) != 0) return 0;
    return static_cast<std::int64_t>(usage.ru_utime.tv_sec) * 1'000'000'000 +
           static_cast<std::int64_t>(usage.ru_utime.tv_usec) * 1'000;
}

std::int64_t user_ns_of(pid_t tid) {
    char path[64];
    std::snprintf(path, sizeof path, "/proc/self/task/%d/stat", static_cast<int>(tid));
    const int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    char text[1024];
    const ssize_t n = read(fd, text, sizeof text - 1);
    close(fd);
    if (n <= 0) return -1;
    text[n] = '\0';
    // "tid (comm) state ppid ...": comm may hold spaces and parentheses, so fields count from the last ')'.
    const char* p = std::strrchr(text, ')');
    if (p == nullptr) return -1;
    // After ')' come fields 3 (state) onwards; utime is field 14.
    for (int field = 3; field <= 14; field++) {
        while (*p == ' ' || *p == ')') p++;
        if (*p == '\0') return -1;
        if (field == 14) {
            const long long ticks = std::strtoll(p, nullptr, 10);
            const long hz = sysconf(_SC_CLK_TCK);
            return hz > 0 ? ticks * (1'000'000'000LL / hz) : -1;
        }
        while (*p != ' ' && *p != '\0') p++;
    }
    return -1;
}

}  // namespace candor
