/*
 * What a per-thread CPU timer costs a busy thread on this machine, before any profiler work: the floor under every
 * sampler that interrupts the thread it samples (Candor, async-profiler's cpu mode).
 *
 *   timer_floor INTERVAL_NS [ITERATIONS] [ROUNDS]
 *
 * Spins a fixed xorshift loop (ITERATIONS, default 1e9), alternately with no timer and with a perf task-clock event
 * (user time only, as Candor and async-profiler open it) that fires every INTERVAL_NS and signals the thread with
 * attr.sigtrap into an empty handler. Prints one line per round and then
 *   FLOOR <interval_ns> <median overhead %> <signals per CPU second> <us per signal>
 * where overhead is (thread CPU time with the timer) / (without) - 1, median over ROUNDS (default 3) pairs.
 * Needs Linux 5.13+ (sigtrap); prints "FLOOR <interval_ns> unavailable <reason>" otherwise.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/perf_event.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static volatile long signals;
static volatile uint64_t sink;

static void on_signal(int sig, siginfo_t* info, void* context) {
    (void)sig;
    (void)info;
    (void)context;
    signals++;
}

static double thread_cpu_s(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static double spin(long iterations) {
    uint64_t x = 88172645463325252ULL;
    const double start = thread_cpu_s();
    for (long i = 0; i < iterations; i++) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
    }
    sink = x;
    return thread_cpu_s() - start;
}

static int open_timer(long interval_ns) {
#ifdef PERF_ATTR_SIZE_VER7
    struct perf_event_attr attr;
    memset(&attr, 0, sizeof attr);
    attr.size = sizeof attr;
    attr.type = PERF_TYPE_SOFTWARE;
    attr.config = PERF_COUNT_SW_TASK_CLOCK;
    attr.sample_period = (uint64_t)interval_ns;
    attr.exclude_kernel = 1;
    attr.exclude_hv = 1;
    attr.disabled = 1;
    attr.sigtrap = 1;
    attr.remove_on_exec = 1;
    return (int)syscall(SYS_perf_event_open, &attr, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
#else
    (void)interval_ns;
    errno = ENOSYS;
    return -1;
#endif
}

static int compare(const void* a, const void* b) {
    const double x = *(const double*)a, y = *(const double*)b;
    return (x > y) - (x < y);
}

int main(int argc, char** argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: timer_floor INTERVAL_NS [ITERATIONS] [ROUNDS]\n");
        return 2;
    }
    const long interval_ns = atol(argv[1]);
    const long iterations = argc > 2 ? atol(argv[2]) : 1000000000L;
    int rounds = argc > 3 ? atoi(argv[3]) : 3;
    if (rounds < 1 || rounds > 99) rounds = 3;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_signal;
    sa.sa_flags = SA_SIGINFO | SA_RESTART;
    sigaction(SIGTRAP, &sa, NULL);
    const int fd = open_timer(interval_ns);
    if (fd < 0) {
        printf("FLOOR %ld unavailable perf_event_open: %s\n", interval_ns, strerror(errno));
        return 0;
    }
    spin(iterations / 10);  // warm the loop and the CPU up
    double overhead[99];
    double timed_cpu = 0;
    long timed_signals = 0;
    for (int r = 0; r < rounds; r++) {
        const double plain = spin(iterations);
        const long before = signals;
        ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
        const double timed = spin(iterations);
        ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
        const long fired = signals - before;
        overhead[r] = 100.0 * (timed / plain - 1.0);
        timed_cpu += timed;
        timed_signals += fired;
        printf("round %d: %.4f s plain, %.4f s with the timer (%ld signals): %+.2f %%\n", r + 1, plain, timed, fired,
               overhead[r]);
    }
    qsort(overhead, (size_t)rounds, sizeof overhead[0], compare);
    const double median = overhead[rounds / 2];
    const double per_second = (double)timed_signals / timed_cpu;
    printf("FLOOR %ld %.2f %.0f %.2f\n", interval_ns, median, per_second, median / 100.0 * 1e6 / per_second);
    return 0;
}
