#include "sampler/timer_choice.h"

#include <cerrno>
#include <cstring>

namespace candor {

namespace {

const char* errno_name(int error) {
    switch (error) {
        case EACCES: return "EACCES";
        case EPERM: return "EPERM";
        case ENOENT: return "ENOENT";
        case ENOSYS: return "ENOSYS";
        case EINVAL: return "EINVAL";
        case EMFILE: return "EMFILE";
        case ENFILE: return "ENFILE";
        case ENODEV: return "ENODEV";
        case EOPNOTSUPP: return "EOPNOTSUPP";
        case E2BIG: return "E2BIG";
        case EBUSY: return "EBUSY";
        case ENOMEM: return "ENOMEM";
        case EAGAIN: return "EAGAIN";
        default: return nullptr;
    }
}

std::string perf_failure(const TimerProbe& probe, PerfSignal signal) {
    // Report the error of the delivery that decides: fasync when it was tried, else sigtrap.
    const int error = probe.fasync_error > 0 ? probe.fasync_error : probe.sigtrap_error;
    std::string text = "perf_event_open failed: " + errno_text(error);
    if ((error == EACCES || error == EPERM) && probe.perf_paranoid != -100) {
        text += ", kernel.perf_event_paranoid is " + std::to_string(probe.perf_paranoid) + " (or a seccomp filter refuses it)";
    }
    if (signal == PerfSignal::Sigtrap && error == EINVAL) text += "; attr.sigtrap needs Linux 5.13 or later";
    return text;
}

std::string paranoid_words(const TimerProbe& probe) {
    return probe.perf_paranoid != -100 ? ", kernel.perf_event_paranoid is " + std::to_string(probe.perf_paranoid) : "";
}

// A perf choice: kernel time too where the probe with it worked.
TimerChoice perf_choice(TimerKind kind, const TimerProbe& probe, std::int64_t interval_ns) {
    TimerChoice choice;
    choice.kind = kind;
    choice.interval_ns = interval_ns;
    choice.counts_kernel = probe.kernel_error == 0;
    if (choice.counts_kernel) {
        choice.time_counted = "user and kernel time";
    } else if (kernel_refused(probe.kernel_error)) {
        const char* name = errno_name(probe.kernel_error);
        choice.time_counted = std::string("user time only: perf_event_open refused kernel time (") + name + ")" +
                              paranoid_words(probe);
    } else {
        choice.time_counted = "user time only";
    }
    return choice;
}

// The CPU timer's real interval and, when the tick caps it, the words for that.
TimerChoice ctimer_choice(const TimerProbe& probe, std::int64_t interval_ns) {
    TimerChoice choice;
    choice.kind = TimerKind::Ctimer;
    choice.interval_ns = interval_ns;
    choice.counts_kernel = true;  // a thread CPU clock counts both
    choice.time_counted = "user and kernel time";
    if (probe.tick_ns > interval_ns) choice.interval_ns = probe.tick_ns;
    return choice;
}

std::string tick_words(std::int64_t tick_ns) {
    return tick_ns > 0 ? "the " + duration_text(tick_ns) + " kernel tick" : "the kernel tick";
}

}  // namespace

std::string errno_text(int error) {
    const char* name = errno_name(error);
    std::string text = name != nullptr ? name : "errno " + std::to_string(error);
    return text + " (" + std::strerror(error) + ")";
}

bool kernel_refused(int error) { return error == EACCES || error == EPERM; }

int probe_perf_delivery(TimerProbe& probe, const std::function<int(bool kernel)>& open) {
    if (!kernel_refused(probe.kernel_error)) {
        const int error = open(true);
        if (!kernel_refused(error)) {
            if (error == 0) probe.kernel_error = 0;
            return error;  // accepted, or refused for another reason (which user time only would share)
        }
        probe.kernel_error = error;
    }
    return open(false);
}

bool should_probe_sigtrap(PerfSignal signal) { return signal != PerfSignal::Fasync; }

bool should_probe_fasync(PerfSignal signal, int sigtrap_error) {
    if (signal == PerfSignal::Fasync) return true;
    return signal == PerfSignal::Auto && sigtrap_error != 0;
}

TimerChoice choose_cpu_timer(TimerMode mode, PerfSignal signal, const TimerProbe& probe, std::int64_t interval_ns) {
    if (mode != TimerMode::Ctimer) {
        if (probe.sigtrap_error == 0 && signal != PerfSignal::Fasync) {
            TimerChoice choice = perf_choice(TimerKind::PerfSigtrap, probe, interval_ns);
            choice.reason = "perf_event_open accepted a task-clock event with attr.sigtrap";
            return choice;
        }
        if (probe.fasync_error == 0 && signal != PerfSignal::Sigtrap) {
            TimerChoice choice = perf_choice(TimerKind::PerfFasync, probe, interval_ns);
            choice.reason = probe.sigtrap_error > 0
                ? "attr.sigtrap refused (" + errno_text(probe.sigtrap_error) + "), fasync works"
                : "perf_event_open accepted a task-clock event with fasync delivery";
            return choice;
        }
        TimerChoice choice;
        choice.interval_ns = interval_ns;
        if (mode == TimerMode::Perf) {
            choice.message = "timer=perf: " + perf_failure(probe, signal) + "; sampling is off";
            return choice;
        }
        // timer=auto: fall back to the CPU timer, saying so once.
        if (probe.ctimer_error != 0) {
            choice.kind = TimerKind::None;
            choice.message = perf_failure(probe, signal) + ", and timer_create failed: " +
                             errno_text(probe.ctimer_error) + "; sampling is off";
            return choice;
        }
        TimerChoice fallback = ctimer_choice(probe, interval_ns);
        fallback.message = perf_failure(probe, signal) + "; sampling with thread CPU timers, which fire on " +
                           tick_words(probe.tick_ns) + ": every " + std::to_string(fallback.interval_ns) + " ns";
        if (fallback.interval_ns != interval_ns) fallback.message += " instead of " + std::to_string(interval_ns) + " ns";
        fallback.reason = "perf refused; thread CPU timer";
        return fallback;
    }
    if (probe.ctimer_error != 0) {
        TimerChoice choice;
        choice.message = "timer=ctimer: timer_create failed: " + errno_text(probe.ctimer_error) + "; sampling is off";
        return choice;
    }
    TimerChoice choice = ctimer_choice(probe, interval_ns);
    choice.reason = "requested by timer=ctimer";
    if (choice.interval_ns != interval_ns) {
        choice.message = "timer=ctimer: thread CPU timers fire on " + tick_words(probe.tick_ns) + ", so sampling runs every " +
                         std::to_string(choice.interval_ns) + " ns instead of " + std::to_string(interval_ns) + " ns";
    }
    return choice;
}

}  // namespace candor
