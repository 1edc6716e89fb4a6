/* libcandor.so's C API: what this machine and user can measure, asked in-process without a JVM
   (the client calls it through JNA). Plain C, so any FFI can bind it. Every function is safe to call
   from any thread, at any time, also in a process where the library runs as an agent: none touches
   the agent's state. Strings returned as const char* are static; text buffers are filled like
   snprintf: always NUL-terminated, cut to `size`. */
#ifndef CANDOR_COUNTERS_API_H
#define CANDOR_COUNTERS_API_H

#ifdef __cplusplus
extern "C" {
#endif

/* Raised when a function changes or goes; a client refuses a library whose version it does not know. */
#define CANDOR_API_VERSION 1
int candor_api_version(void);

/* The metrics `metric=` takes, in the order `candor counters` lists them (wall first). */
int candor_metric_count(void);
/* name ("cycles"), unit ("ns" or "events") and a description of metric `index`; NULL for a bad index. */
const char* candor_metric_name(int index);
const char* candor_metric_unit(int index);
const char* candor_metric_description(int index);
/* How metric `index` is counted: "clock" (wall, cpu), "software" (a perf software event: task-clock,
   page-faults, ...) or "hardware" (a perf hardware event: needs a PMU); NULL for a bad index. */
const char* candor_metric_kind(int index);

/* Tries metric `index` for real on the calling thread (a perf counter is opened, read and closed).
   1: it can be read, and `text` gets how ("rdtsc", "perf_event read()", ...); 0: it cannot, and
   `text` gets why ("no hardware PMU on this machine (perf_event_open: ENOENT)"); -1: bad index. */
int candor_metric_check(int index, char* text, int size);

/* ns per read of metric `index` on the calling thread: the best of three rounds of `reads` reads
   (1 .. 10,000,000), without the JNI call a probe adds. -1: bad arguments; -2: not readable here. */
double candor_metric_read_cost(int index, int reads);

/* 1 when the kernel lists a CPU PMU among its perf event sources (/sys/bus/event_source/devices:
   cpu, cpu_core, armv8_pmuv3...), which hardware events need; 0 when not (most virtual machines). */
int candor_cpu_pmu(void);

/* The clock wall time is read with under clock=auto: 1 the TSC (rdtsc), 2 CLOCK_MONOTONIC; `text`
   gets why ("TSC invariant (cpuid 0x80000007 EDX bit 8) and kernel clocksource 'tsc'"). */
int candor_wall_clock(char* text, int size);

#ifdef __cplusplus
}
#endif

#endif
