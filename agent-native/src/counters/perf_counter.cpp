#include "counters/perf_counter.h"

#include <linux/perf_event.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace candor {

int perf_counter_open(const MetricSpec& spec, pid_t tid) {
    perf_event_attr attr;
    std::memset(&attr, 0, sizeof attr);
    attr.size = sizeof attr;
    attr.type = spec.perf_type;
    attr.config = spec.perf_config;
    attr.exclude_kernel = spec.kernel_event ? 0 : 1;
    attr.exclude_hv = 1;
    const int fd = static_cast<int>(syscall(SYS_perf_event_open, &attr, tid, -1, -1, PERF_FLAG_FD_CLOEXEC));
    return fd >= 0 ? fd : -errno;
}

bool perf_counter_read(int fd, std::uint64_t& value) {
    return read(fd, &value, sizeof value) == static_cast<ssize_t>(sizeof value);
}

const perf_event_mmap_page* perf_counter_map(int fd) {
    const long page_size = sysconf(_SC_PAGESIZE);
    void* page = mmap(nullptr, static_cast<std::size_t>(page_size), PROT_READ, MAP_SHARED, fd, 0);
    return page == MAP_FAILED ? nullptr : static_cast<const perf_event_mmap_page*>(page);
}

void perf_counter_unmap(const perf_event_mmap_page* page) {
    if (page != nullptr) munmap(const_cast<perf_event_mmap_page*>(page), static_cast<std::size_t>(sysconf(_SC_PAGESIZE)));
}

}  // namespace candor
