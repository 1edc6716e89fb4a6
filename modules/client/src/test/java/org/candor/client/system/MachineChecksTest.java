package org.candor.client.system;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** Each machine check's verdict and words, on facts made up for it. */
class MachineChecksTest {

    private static final Capabilities NONE = new Capabilities(0);
    private static final Capabilities PERFMON = new Capabilities(1L << Capabilities.CAP_PERFMON);
    private static final Capabilities SYS_ADMIN = new Capabilities(1L << Capabilities.CAP_SYS_ADMIN);
    private static final String NO_PMU = "no hardware PMU on this machine (perf_event_open: ENOENT)";

    /** The catalogue as a VM without a PMU, at perf_event_paranoid 2, has it. */
    static NativeFacts vm(boolean taskClock, boolean tsc) {
        List<MetricStatus> m = new ArrayList<>();
        m.add(metric("wall", "clock", true, tsc ? "rdtsc" : "clock_gettime(CLOCK_MONOTONIC)"));
        m.add(metric("cpu", "clock", true, "clock_gettime(CLOCK_THREAD_CPUTIME_ID)"));
        m.add(taskClock ? metric("task-clock", "software", true, "perf_event read()")
                : metric("task-clock", "software", false, "perf is refused to this user (perf_event_open: EACCES)"));
        m.add(metric("page-faults", "software", taskClock, taskClock ? "perf_event read()" : "refused"));
        m.add(metric("context-switches", "software", false, "counted in the kernel: needs ..."));
        for (String hw : List.of("instructions", "cycles", "cache-misses", "branch-misses")) m.add(metric(hw, "hardware", false, NO_PMU));
        return new NativeFacts(Path.of("/opt/candor/agent/libcandor.so"), null, m,
                new WallClock(tsc, tsc ? "TSC invariant (cpuid) and kernel clocksource 'tsc'" : "TSC is not invariant"), false);
    }

    static MetricStatus metric(String name, String kind, boolean available, String how) {
        return new MetricStatus(name, kind.equals("clock") && !name.equals("wall") ? "ns" : "events", kind, available, null,
                available ? how : "", available ? "" : how, "");
    }

    private static final NativeFacts MISSING = NativeFacts.missing(null, "libcandor.so was not found (no Candor agent directory; set CANDOR_AGENT_DIR to one)");

    @Test
    void perfEventsFollowTheParanoidSettingUnlessAPrivilegeLiftsIt() {
        Check open = MachineChecks.perfEvents(OptionalInt.of(-1), NONE, "you");
        assertThat(open.verdict()).isEqualTo(Verdict.AVAILABLE);
        assertThat(open.sentence()).isEqualTo("kernel.perf_event_paranoid is -1: perf counts events per thread in user and kernel mode");
        assertThat(MachineChecks.perfEvents(OptionalInt.of(1), NONE, "you").verdict()).isEqualTo(Verdict.AVAILABLE);

        Check debian = MachineChecks.perfEvents(OptionalInt.of(2), NONE, "you");
        assertThat(debian.line()).isEqualTo("perf events: limited: kernel.perf_event_paranoid is 2 and you have neither"
                + " CAP_PERFMON nor CAP_SYS_ADMIN: perf counts user mode only, so context switches cannot be counted and CPU"
                + " sampling sees user-mode time only (sudo sysctl kernel.perf_event_paranoid=1, or CAP_PERFMON for the JVM,"
                + " to count kernel mode too)");

        Check restricted = MachineChecks.perfEvents(OptionalInt.of(4), NONE, "process 4242");
        assertThat(restricted.verdict()).isEqualTo(Verdict.UNAVAILABLE);
        assertThat(restricted.sentence()).startsWith("kernel.perf_event_paranoid is 4 and process 4242 has neither")
                .contains("perf_event_open is refused");
        assertThat(restricted.remedy()).isEqualTo("sudo sysctl kernel.perf_event_paranoid=2 allows perf in user mode");

        Check perfmon = MachineChecks.perfEvents(OptionalInt.of(4), PERFMON, "you");
        assertThat(perfmon.verdict()).isEqualTo(Verdict.AVAILABLE);
        assertThat(perfmon.sentence()).startsWith("you have CAP_PERFMON, so kernel.perf_event_paranoid (4) does not limit perf");
        assertThat(MachineChecks.perfEvents(OptionalInt.of(2), SYS_ADMIN, "process 7").sentence())
                .startsWith("process 7 has CAP_SYS_ADMIN, so");

        Check none = MachineChecks.perfEvents(OptionalInt.empty(), PERFMON, "you");
        assertThat(none.verdict()).isEqualTo(Verdict.UNAVAILABLE);
        assertThat(none.sentence()).startsWith("this kernel has no perf events");
    }

    @Test
    void aVmWithoutAPmuHasNoHardwareCounters() {
        Check c = MachineChecks.hardwareCounters(vm(true, true));
        assertThat(c.line()).isEqualTo("hardware counters: unavailable: this machine has no PMU (as most virtual machines):"
                + " instructions, cycles, cache-misses and branch-misses cannot be counted (run on bare metal, or in a virtual"
                + " machine that passes the PMU through)");
    }

    @Test
    void hardwareCountersWithAPmu() {
        NativeFacts all = withHardware(List.of(true, true, true, true), "perf_event rdpmc");
        assertThat(MachineChecks.hardwareCounters(all).line()).isEqualTo("hardware counters: available: instructions, cycles,"
                + " cache-misses and branch-misses per thread, by perf_event rdpmc");
        Check some = MachineChecks.hardwareCounters(withHardware(List.of(true, true, false, true), "perf_event rdpmc"));
        assertThat(some.verdict()).isEqualTo(Verdict.LIMITED);
        assertThat(some.sentence()).isEqualTo("instructions, cycles and branch-misses per thread, by perf_event rdpmc; not"
                + " cache-misses: this CPU's PMU does not count this event");
        Check refused = MachineChecks.hardwareCounters(withHardware(List.of(false, false, false, false), ""));
        assertThat(refused.verdict()).isEqualTo(Verdict.UNAVAILABLE);
        assertThat(refused.sentence()).startsWith("instructions, cycles, cache-misses and branch-misses cannot be counted:"
                + " instructions: this CPU's PMU");
    }

    private static NativeFacts withHardware(List<Boolean> available, String readBy) {
        NativeFacts vm = vm(true, true);
        List<MetricStatus> m = new ArrayList<>(vm.ofKind("clock"));
        m.addAll(vm.ofKind("software"));
        List<String> names = List.of("instructions", "cycles", "cache-misses", "branch-misses");
        for (int i = 0; i < names.size(); i++) {
            m.add(metric(names.get(i), "hardware", available.get(i), available.get(i) ? readBy : "this CPU's PMU does not count this event"));
        }
        return new NativeFacts(vm.path(), null, m, vm.wallClock(), true);
    }

    @Test
    void samplingBelowTheTickIsNamedAfterTheTick() {
        Check perf = MachineChecks.samplingBelowTick(4_000_000, vm(true, true));
        assertThat(perf.line()).isEqualTo("sampling below the 4 ms tick: available: through perf task-clock timers per thread,"
                + " down to 10 us; thread CPU timers fire only on the kernel tick (CONFIG_HZ=250)");
        Check refused = MachineChecks.samplingBelowTick(4_000_000, vm(false, true));
        assertThat(refused.verdict()).isEqualTo(Verdict.UNAVAILABLE);
        assertThat(refused.sentence()).contains("perf task-clock cannot be used (task-clock: perf is refused")
                .endsWith("so a shorter --interval samples at the 4 ms tick");
        assertThat(MachineChecks.samplingBelowTick(1_000_000, vm(true, true)).name()).isEqualTo("sampling below the 1 ms tick");
        assertThat(MachineChecks.samplingBelowTick(3_333_333, vm(true, true)).name()).isEqualTo("sampling below the 3.3 ms tick");
        assertThat(MachineChecks.samplingBelowTick(3_333_333, vm(true, true)).sentence()).contains("(CONFIG_HZ=300)");
        assertThat(MachineChecks.samplingBelowTick(0, vm(true, true)).name()).isEqualTo("sampling below the kernel tick");
        assertThat(MachineChecks.samplingBelowTick(4_000_000, MISSING).verdict()).isEqualTo(Verdict.UNAVAILABLE);
    }

    @Test
    void softwareEventsNameWhatCanBeRead() {
        assertThat(MachineChecks.softwareEvents(vm(true, true)).line()).isEqualTo("software perf events: available: task-clock"
                + " and page-faults can be counted per thread through perf_event_open (a system call per read)");
        Check refused = MachineChecks.softwareEvents(vm(false, true));
        assertThat(refused.verdict()).isEqualTo(Verdict.UNAVAILABLE);
        assertThat(refused.sentence()).isEqualTo("task-clock cannot be read: perf is refused to this user (perf_event_open: EACCES)");
    }

    @Test
    void wallClockAndTheLibraryItself() {
        assertThat(MachineChecks.wallClock(vm(true, true)).line())
                .isEqualTo("wall clock: available: rdtsc, the cheapest clock: TSC invariant (cpuid) and kernel clocksource 'tsc'");
        Check monotonic = MachineChecks.wallClock(vm(true, false));
        assertThat(monotonic.verdict()).isEqualTo(Verdict.LIMITED);
        assertThat(monotonic.sentence()).endsWith(": TSC is not invariant");
        assertThat(MachineChecks.nativeLibrary(vm(true, true)).sentence())
                .isEqualTo("answers from /opt/candor/agent/libcandor.so: 4 of 9 metrics can be read here");
        Check missing = MachineChecks.nativeLibrary(MISSING);
        assertThat(missing.verdict()).isEqualTo(Verdict.UNAVAILABLE);
        assertThat(missing.sentence()).startsWith("libcandor.so was not found").contains("no sampling, no counters");
        for (Check c : List.of(MachineChecks.wallClock(MISSING), MachineChecks.softwareEvents(MISSING), MachineChecks.hardwareCounters(MISSING))) {
            assertThat(c.verdict()).isNotEqualTo(Verdict.AVAILABLE);
        }
    }

    @Test
    void ptraceScopeNeverLimitsCandor() {
        for (int scope = 0; scope <= 3; scope++) {
            Check c = MachineChecks.ptraceScope(OptionalInt.of(scope));
            assertThat(c.verdict()).isEqualTo(Verdict.AVAILABLE);
            assertThat(c.sentence()).startsWith("kernel.yama.ptrace_scope is " + scope + " (").contains("without ptrace");
        }
        assertThat(MachineChecks.ptraceScope(OptionalInt.of(1)).sentence()).contains("only a parent may ptrace its descendants");
        assertThat(MachineChecks.ptraceScope(OptionalInt.empty()).sentence()).startsWith("no Yama ptrace limits here");
    }

    @Test
    void operatingSystemAndAttachApi() {
        assertThat(MachineChecks.operatingSystem(new Uname("Linux", "6.18.0", "x86_64")).line())
                .isEqualTo("operating system: available: Linux 6.18.0 on x86_64");
        assertThat(MachineChecks.operatingSystem(new Uname("Linux", "6.1.0", "aarch64")).verdict()).isEqualTo(Verdict.LIMITED);
        assertThat(MachineChecks.operatingSystem(new Uname("Darwin", "24.0.0", "arm64")).verdict()).isEqualTo(Verdict.UNAVAILABLE);
        assertThat(MachineChecks.attachApi(true, "17.0.15").verdict()).isEqualTo(Verdict.AVAILABLE);
        Check jre = MachineChecks.attachApi(false, "17.0.15");
        assertThat(jre.verdict()).isEqualTo(Verdict.UNAVAILABLE);
        assertThat(jre.remedy()).isEqualTo("run Candor on a full JDK, not a JRE");
    }

    @Test
    void theMachinesRowsInTheirOrder() {
        MachineFacts facts = new MachineFacts(new Uname("Linux", "6.18.0", "x86_64"), 1000, NONE, OptionalInt.of(2),
                OptionalInt.of(1), 4_000_000, true, "17.0.15", vm(true, true));
        Readiness r = MachineChecks.of(facts);
        assertThat(r.title()).isEqualTo("this machine");
        assertThat(r.checks()).extracting(Check::name).containsExactly("operating system", "libcandor.so", "wall clock",
                "perf events", "software perf events", "sampling below the 4 ms tick", "hardware counters", "ptrace scope",
                "attach API");
        assertThat(r.check("perf events").verdict()).isEqualTo(Verdict.LIMITED);
        assertThat(r.check("no such")).isNull();
    }

    @Test
    void aLineWithoutARemedyHasNoParentheses() {
        assertThat(new Check("x", Verdict.AVAILABLE, "fine", "").line()).isEqualTo("x: available: fine");
        assertThat(new Check("x", Verdict.LIMITED, "half", "do y").line()).isEqualTo("x: limited: half (do y)");
    }
}
