#include "counters/metric_check.h"

#include <dirent.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <ctime>

#include "counters/perf_counter.h"
#include "counters/rdpmc.h"
#include "sampler/timer_choice.h"

namespace candor {

namespace {

constexpr const char* kEventSources = "/sys/bus/event_source/devices";

bool is_cpu_pmu_name(const char* name) {
    return std::strcmp(name, "cpu") == 0 || std::strncmp(name, "cpu_", 4) == 0 || std::strncmp(name, "armv", 4) == 0 ||
           std::strncmp(name, "arm_cortex", 10) == 0;
}

bool has_cpu_pmu() {
    DIR* dir = opendir(kEventSources);
    if (dir == nullptr) return false;
    bool found = false;
    while (const dirent* entry = readdir(dir)) {
        if (is_cpu_pmu_name(entry->d_name)) found = true;
    }
    closedir(dir);
    return found;
}

int read_paranoid() {
    std::FILE* file = std::fopen("/proc/sys/kernel/perf_event_paranoid", "r");
    if (file == nullptr) return -100;
    int value = -100;
    if (std::fscanf(file, "%d", &value) != 1) value = -100;
    std::fclose(file);
    return value;
}

// "(perf_event_open: ENOENT)": the errno's name only, as perf users know it.
std::string syscall_error(int error) {
    const std::string text = errno_text(error);
    return "(perf_event_open: " + text.substr(0, text.find(" (")) + ")";
}

// ", it is 2": the setting, when readable.
std::string paranoid_is(const PerfFacts& facts) {
    return facts.paranoid == -100 ? "" : ", it is " + std::to_string(facts.paranoid);
}

MetricCheck check_perf_counter(const MetricSpec& spec, const PerfFacts& facts) {
    MetricCheck check;
    const int fd = perf_counter_open(spec, 0);
    if (fd < 0) {
        check.reason = perf_refusal(spec, -fd, facts);
        return check;
    }
    std::uint64_t value = 0;
    if (!perf_counter_read(fd, value)) {
        check.reason = "the counter opens but cannot be read (read: " + errno_text(errno) + ")";
        close(fd);
        return check;
    }
    check.available = true;
    check.read_by = "perf_event read()";
    if (CANDOR_HAS_RDPMC && is_hardware_metric(spec)) {
        const perf_event_mmap_page* page = perf_counter_map(fd);
        if (rdpmc_allowed(page)) check.read_by = "perf_event rdpmc";
        perf_counter_unmap(page);
    }
    close(fd);
    return check;
}

}  // namespace

PerfFacts probe_perf_facts() {
    PerfFacts facts;
    facts.paranoid = read_paranoid();
    facts.hardware_pmu = has_cpu_pmu();
    return facts;
}

std::string perf_refusal(const MetricSpec& spec, int error, const PerfFacts& facts) {
    const bool hardware = is_hardware_metric(spec);
    if (error == ENOENT || error == EOPNOTSUPP) {
        if (hardware && !facts.hardware_pmu) return "no hardware PMU on this machine " + syscall_error(error);
        if (hardware) return "this CPU's PMU does not count this event " + syscall_error(error);
        return "this kernel does not provide this software event " + syscall_error(error);
    }
    if (error == EACCES || error == EPERM) {
        if (spec.kernel_event) {
            return "counted in the kernel: needs kernel.perf_event_paranoid <= 1 or CAP_PERFMON" + paranoid_is(facts) +
                   " " + syscall_error(error);
        }
        return "perf is refused to this user: needs kernel.perf_event_paranoid <= 2 or CAP_PERFMON" + paranoid_is(facts) +
               ", or a seccomp filter refuses it " + syscall_error(error);
    }
    if (error == ENOSYS) return "this kernel has no perf_event_open " + syscall_error(error);
    if (error == EMFILE || error == ENFILE) return "no file descriptor left " + syscall_error(error);
    return "the kernel refuses the event " + syscall_error(error);
}

MetricCheck check_metric(const MetricSpec& spec, ClockSource wall_clock, const PerfFacts& facts) {
    MetricCheck check;
    switch (spec.kind) {
        case MetricKind::WallClock:
            check.available = true;
            check.read_by = wall_clock == ClockSource::Tsc ? "rdtsc" : "clock_gettime(CLOCK_MONOTONIC)";
            return check;
        case MetricKind::ThreadCpuClock: {
            timespec ts;
            if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) != 0) {
                check.reason = "clock_gettime(CLOCK_THREAD_CPUTIME_ID) fails: " + errno_text(errno);
                return check;
            }
            check.available = true;
            check.read_by = "clock_gettime(CLOCK_THREAD_CPUTIME_ID)";
            return check;
        }
        case MetricKind::PerfCounter:
            return check_perf_counter(spec, facts);
    }
    return check;
}

}  // namespace candor
