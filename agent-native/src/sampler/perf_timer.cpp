#include "sampler/perf_timer.h"

#include <fcntl.h>
#include <linux/perf_event.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace candor {

int perf_timer_open(pid_t tid, std::uint64_t period_ns, PerfDelivery delivery, bool kernel, bool enabled) {
    perf_event_attr attr;
    std::memset(&attr, 0, sizeof attr);
    attr.size = sizeof attr;
    attr.type = PERF_TYPE_SOFTWARE;
    attr.config = PERF_COUNT_SW_TASK_CLOCK;
    attr.sample_period = period_ns;
    attr.exclude_kernel = kernel ? 0 : 1;
    attr.exclude_hv = 1;
    attr.disabled = 1;
    if (delivery == PerfDelivery::Sigtrap) {
#ifdef PERF_ATTR_SIZE_VER7
        attr.sigtrap = 1;
        attr.remove_on_exec = 1;  // the kernel requires it with sigtrap
#else
        return -EINVAL;           // built against headers older than Linux 5.13
#endif
    } else {
        attr.wakeup_events = 1;
    }
    const int fd = static_cast<int>(syscall(SYS_perf_event_open, &attr, tid, -1, -1, PERF_FLAG_FD_CLOEXEC));
    if (fd < 0) return -errno;
    if (delivery == PerfDelivery::Fasync) {
        // Every overflow raises a wakeup, which fasync turns into SIGPROF for the owner thread.
        // Without a ring buffer nothing else happens, so there is no data_tail to advance.
        f_owner_ex owner{F_OWNER_TID, tid};
        if (fcntl(fd, F_SETFL, O_ASYNC) != 0 || fcntl(fd, F_SETSIG, SIGPROF) != 0 ||
            fcntl(fd, F_SETOWN_EX, &owner) != 0) {
            const int error = errno;
            close(fd);
            return -error;
        }
    }
    if (enabled && !perf_timer_enable(fd)) {
        const int error = errno;
        close(fd);
        return -error;
    }
    return fd;
}

bool perf_timer_set_period(int fd, std::uint64_t period_ns) {
    return ioctl(fd, PERF_EVENT_IOC_PERIOD, &period_ns) == 0;
}

bool perf_timer_enable(int fd) { return ioctl(fd, PERF_EVENT_IOC_ENABLE, 0) == 0; }

bool perf_timer_disable(int fd) { return ioctl(fd, PERF_EVENT_IOC_DISABLE, 0) == 0; }

std::int64_t perf_timer_read(int fd) {
    std::uint64_t count = 0;
    if (read(fd, &count, sizeof count) != static_cast<ssize_t>(sizeof count)) count = 0;
    return static_cast<std::int64_t>(count);
}

std::int64_t perf_timer_close(int fd) {
    const std::int64_t count = perf_timer_read(fd);
    close(fd);
    return count;
}

}  // namespace candor
