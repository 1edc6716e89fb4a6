package org.candor.client.system;

import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;

/**
 * What this machine allows Candor, judged from its {@link MachineFacts}: one function per check, each the one place
 * of its verdict and words. Pure: the same facts give the same rows, so each is tested on facts made up for it.
 */
public final class MachineChecks {

    public static final String TITLE = "this machine";
    public static final String OPERATING_SYSTEM = "operating system";
    public static final String NATIVE_LIBRARY = "libcandor.so";
    public static final String WALL_CLOCK = "wall clock";
    public static final String PERF_EVENTS = "perf events";
    public static final String SOFTWARE_EVENTS = "software perf events";
    public static final String HARDWARE_COUNTERS = "hardware counters";
    public static final String PTRACE_SCOPE = "ptrace scope";
    public static final String ATTACH_API = "attach API";

    private static final String PERF_SETTING = "kernel.perf_event_paranoid";

    private MachineChecks() {}

    public static Readiness of(MachineFacts f) {
        return new Readiness(TITLE, List.of(operatingSystem(f.uname()), nativeLibrary(f.library()), wallClock(f.library()),
                perfEvents(f.perfEventParanoid(), f.capabilities(), "you"), softwareEvents(f.library()),
                samplingBelowTick(f.tickNanos(), f.library()), hardwareCounters(f.library()), ptraceScope(f.ptraceScope()),
                attachApi(f.attachApi(), f.javaVersion())));
    }

    static Check operatingSystem(Uname u) {
        String what = u.sysname() + " " + u.release() + " on " + u.machine();
        if (!u.linux()) {
            return Check.unavailable(OPERATING_SYSTEM, what + ": Candor's native agent runs on Linux only",
                    "profile on Linux; snapshots can be read anywhere");
        }
        if (!u.x86()) {
            return Check.limited(OPERATING_SYSTEM, what + ": no TSC, so calls are timed with CLOCK_MONOTONIC",
                    "an x86-64 machine times calls with rdtsc, which costs less");
        }
        return Check.available(OPERATING_SYSTEM, what);
    }

    static Check nativeLibrary(NativeFacts lib) {
        if (!lib.answered()) {
            return Check.unavailable(NATIVE_LIBRARY, lib.problem() + ": no sampling, no counters, and calls are timed with"
                    + " System.nanoTime", "build agent-native with g++: mvn -pl agent-native package");
        }
        long readable = lib.metrics().stream().filter(MetricStatus::available).count();
        return Check.available(NATIVE_LIBRARY, "answers from " + lib.path() + ": " + readable + " of " + lib.metrics().size()
                + " metrics can be read here");
    }

    static Check wallClock(NativeFacts lib) {
        if (!lib.answered()) {
            return Check.limited(WALL_CLOCK, "without libcandor.so calls are timed with System.nanoTime, which costs more per"
                    + " reading than rdtsc", "build agent-native");
        }
        WallClock clock = lib.wallClock();
        if (clock.tsc()) return Check.available(WALL_CLOCK, "rdtsc, the cheapest clock: " + clock.reason());
        return Check.limited(WALL_CLOCK, "calls are timed with clock_gettime(CLOCK_MONOTONIC), which costs more per reading"
                + " than rdtsc: " + clock.reason(), "a machine with an invariant TSC that the kernel keeps time with");
    }

    /**
     * What perf_event_open allows a process, from kernel.perf_event_paranoid and its capabilities; {@code who} is "you"
     * or "process 4242". Shared by the machine's check (Candor and what it launches) and a target's.
     */
    static Check perfEvents(OptionalInt paranoid, Capabilities caps, String who) {
        String has = who.equals("you") ? "you have" : who + " has";
        if (paranoid.isEmpty()) {
            return Check.unavailable(PERF_EVENTS, "this kernel has no perf events (no /proc/sys/kernel/perf_event_paranoid):"
                    + " CPU sampling uses thread CPU timers on the kernel tick and no perf counter can be read",
                    "a kernel built with CONFIG_PERF_EVENTS");
        }
        int p = paranoid.getAsInt();
        String setting = PERF_SETTING + " is " + p;
        if (caps.perfPrivileged()) {
            String cap = caps.has(Capabilities.CAP_PERFMON) ? "CAP_PERFMON" : "CAP_SYS_ADMIN";
            return Check.available(PERF_EVENTS, has + " " + cap + ", so " + PERF_SETTING + " (" + p + ") does not limit"
                    + " perf: events are counted in user and kernel mode");
        }
        String noCap = " and " + has + " neither CAP_PERFMON nor CAP_SYS_ADMIN";
        if (p <= 1) return Check.available(PERF_EVENTS, setting + ": perf counts events per thread in user and kernel mode");
        if (p == 2) {
            return Check.limited(PERF_EVENTS, setting + noCap + ": perf counts user mode only, so context switches cannot"
                    + " be counted and CPU sampling sees user-mode time only",
                    "sudo sysctl " + PERF_SETTING + "=1, or CAP_PERFMON for the JVM, to count kernel mode too");
        }
        return Check.unavailable(PERF_EVENTS, setting + noCap + ": perf_event_open is refused, so CPU sampling falls back to"
                + " thread CPU timers on the kernel tick and no perf counter can be read",
                "sudo sysctl " + PERF_SETTING + "=2 allows perf in user mode");
    }

    static Check softwareEvents(NativeFacts lib) {
        if (!lib.answered()) return Check.unavailable(SOFTWARE_EVENTS, "libcandor.so, which reads them, is missing", "build agent-native");
        MetricStatus taskClock = lib.metric("task-clock");
        if (taskClock == null || !taskClock.available()) {
            String why = taskClock == null ? "libcandor.so does not know task-clock" : taskClock.reason();
            return Check.unavailable(SOFTWARE_EVENTS, "task-clock cannot be read: " + why, "see " + PERF_EVENTS);
        }
        String readable = names(lib.ofKind("software").stream().filter(MetricStatus::available).toList());
        return Check.available(SOFTWARE_EVENTS, readable + " can be counted per thread through perf_event_open"
                + " (a system call per read)");
    }

    /** Named after the tick, e.g. "sampling below the 4 ms tick": perf task-clock timers can, thread CPU timers cannot. */
    static Check samplingBelowTick(long tickNanos, NativeFacts lib) {
        String tick = tickNanos > 0 ? "the " + millis(tickNanos) + " tick" : "the kernel tick";
        String name = "sampling below " + tick;
        String hz = tickNanos > 0 ? " (CONFIG_HZ=" + Math.round(1e9 / tickNanos) + ")" : "";
        String ctimers = "thread CPU timers fire only on the kernel tick" + hz;
        if (!lib.answered()) return Check.unavailable(name, "libcandor.so, the sampler, is missing", "build agent-native");
        MetricStatus taskClock = lib.metric("task-clock");
        if (taskClock != null && taskClock.available()) {
            return Check.available(name, "through perf task-clock timers per thread, down to 10 us; " + ctimers);
        }
        String why = taskClock == null ? "" : " (task-clock: " + taskClock.reason() + ")";
        return Check.unavailable(name, "perf task-clock cannot be used" + why + ", and " + ctimers + ", so a shorter"
                + " --interval samples at " + tick, "see " + PERF_EVENTS);
    }

    static Check hardwareCounters(NativeFacts lib) {
        if (!lib.answered()) return Check.unavailable(HARDWARE_COUNTERS, "libcandor.so, which reads them, is missing", "build agent-native");
        List<MetricStatus> hardware = lib.ofKind("hardware");
        List<MetricStatus> readable = hardware.stream().filter(MetricStatus::available).toList();
        String all = names(hardware);
        if (!lib.cpuPmu() && readable.isEmpty()) {
            return Check.unavailable(HARDWARE_COUNTERS, "this machine has no PMU (as most virtual machines): " + all
                    + " cannot be counted", "run on bare metal, or in a virtual machine that passes the PMU through");
        }
        if (readable.isEmpty()) {
            MetricStatus first = hardware.isEmpty() ? null : hardware.get(0);
            String why = first == null ? "libcandor.so knows none" : first.name() + ": " + first.reason();
            return Check.unavailable(HARDWARE_COUNTERS, all + " cannot be counted: " + why, "see " + PERF_EVENTS);
        }
        String readBy = readable.get(0).readBy();
        if (readable.size() == hardware.size()) return Check.available(HARDWARE_COUNTERS, all + " per thread, by " + readBy);
        MetricStatus refused = hardware.stream().filter(m -> !m.available()).findFirst().orElseThrow();
        return Check.limited(HARDWARE_COUNTERS, names(readable) + " per thread, by " + readBy + "; not "
                + refused.name() + ": " + refused.reason(), "'candor counters' lists each one");
    }

    static Check ptraceScope(OptionalInt scope) {
        String noMatter = "it attaches through the JVM's attach socket and measures from inside the target, without ptrace";
        if (scope.isEmpty()) return Check.available(PTRACE_SCOPE, "no Yama ptrace limits here, and Candor needs none: " + noMatter);
        int s = scope.getAsInt();
        String meaning = switch (s) {
            case 0 -> "any process of the same user may ptrace";
            case 1 -> "only a parent may ptrace its descendants";
            case 2 -> "only administrators may ptrace";
            default -> "no process may ptrace";
        };
        return Check.available(PTRACE_SCOPE, "kernel.yama.ptrace_scope is " + s + " (" + meaning + "), which does not limit"
                + " Candor: " + noMatter);
    }

    static Check attachApi(boolean present, String javaVersion) {
        if (present) return Check.available(ATTACH_API, "this Java runtime (" + javaVersion + ") can attach to running JVMs (jdk.attach)");
        return Check.unavailable(ATTACH_API, "this Java runtime (" + javaVersion + ") has no module jdk.attach: Candor can"
                + " launch programs but not attach to running ones", "run Candor on a full JDK, not a JRE");
    }

    private static String names(List<MetricStatus> metrics) {
        List<String> names = metrics.stream().map(MetricStatus::name).toList();
        if (names.size() <= 1) return String.join("", names);
        return String.join(", ", names.subList(0, names.size() - 1)) + " and " + names.get(names.size() - 1);
    }

    /** "4 ms", "3.3 ms", "100 us". */
    static String millis(long nanos) {
        if (nanos % 1_000_000 == 0) return nanos / 1_000_000 + " ms";
        if (nanos >= 1_000_000) return String.format(Locale.ROOT, "%.1f ms", nanos / 1e6);
        return nanos / 1000 + " us";
    }
}
