package org.candor.agent.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.candor.core.model.CallNode;
import org.candor.core.model.Snapshot;
import org.candor.core.model.ThreadProfile;
import org.candor.core.snapshot.SnapshotReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * Sampling against known answers where stack walkers go wrong (issue 14): whole stacks through megamorphic interface
 * calls of tiny methods (stubs, prologues, epilogues) and of a thread inside the VM, system time charged to the Java
 * method that made the call, and a hot method inlined into its caller named as itself; JDK 17 and 25. The last two
 * have a control that shows the check can fail; for the first two AGCT alone is the control (24 % and 0.6 % whole,
 * measured when these tests were written).
 */
class SamplingTruthIT {

    static final String CPU_1MS = "sample=cpu,interval=1000000";

    /** JDK 17 (the build's), and 25 where it is installed. */
    static Stream<String> jdks() {
        return AttachSamplingIT.jdk25Present() ? Stream.of(AgentRun.javaHome(), AttachSamplingIT.JDK25)
                : Stream.of(AgentRun.javaHome());
    }

    @TempDir Path dir;

    @ParameterizedTest(name = "{0}")
    @MethodSource("jdks")
    void deepMegamorphicStacksAreWhole(String javaHome) throws Exception {
        AgentRun run = AgentRun.sampled(javaHome, dir, CPU_1MS, List.of(), "org.candor.it.targets.DeepDispatch", "4");
        assertWhole(run, "deep", javaHome, 1.5);
        assertThat(SnapshotReader.read(run.snapshot).stat("samples.recovered"))
                .as("walks AGCT gave up on and the popped frame made whole").isPositive();
    }

    /** Interpreted code calling into the VM: AGCT alone found 0.6 % of these stacks (2026-11-27). */
    @ParameterizedTest(name = "{0}")
    @MethodSource("jdks")
    void stacksOfAThreadInsideTheVmAreWhole(String javaHome) throws Exception {
        AgentRun run = AgentRun.sampled(javaHome, dir, CPU_1MS, List.of("-Xint"), "org.candor.it.targets.VmAllocations", "2");
        assertWhole(run, "alloc", javaHome, 1.5);
        assertThat(SnapshotReader.read(run.snapshot).stat("samples.recovered.in_vm"))
                .as("walks from the frame anchor made whole").isPositive();
    }

    /**
     * Interpreted calls only (-Xint): each method entry builds its fixed frame a word at a time, and AGCT does not walk
     * the half-built frame. Before the pop from it, 9.7 % of these samples were one frame (289 of 2,980; after: 10,
     * 2026-11-27, JDK 17), and the popped ones' leaf was `Interpreter` until the method entered was named.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("jdks")
    void stacksOfAThreadEnteringInterpretedMethodsAreWhole(String javaHome) throws Exception {
        AgentRun run = AgentRun.sampled(javaHome, dir, CPU_1MS, List.of("-Xint"), "org.candor.it.targets.DeepDispatch", "4");
        // on an AMD EPYC host JDK 17 leaves 1.3-2.2 % one frame and 1.3-2.1 % in the interpreter (seen 2026-11-28 in
        // eight runs, with this library and the one before the trace engine alike; JDK 25 there: 0.6-0.9 % and
        // 0.7-0.9 %): bounds well below the 9.7 % without the pop, with room for that host's spread
        assertWhole(run, "deep", javaHome, 4.0);
        // their leaf is the method being entered (rbx's Method* and the VM's tables), not the interpreter
        Snapshot s = SnapshotReader.read(run.snapshot);
        int self = s.metricIndex("self_samples");
        long[] interpreter = {0, 0};
        walk(s, thread(s, "deep").root(), n -> {
            interpreter[1] += n.value(self);
            if (n.methodId() >= 0 && s.methods().get(n.methodId()).name().equals("Interpreter")) interpreter[0] += n.value(self);
        });
        System.out.printf("interpreter entries (%s): %d named, %d samples left in the interpreter of %d%n", javaHome,
                s.stat("samples.recovered.entered_method"), interpreter[0], interpreter[1]);
        assertThat(s.stat("samples.recovered.entered_method")).as("entries named by the method entered").isPositive();
        assertThat(100.0 * interpreter[0] / interpreter[1]).as("samples whose leaf is the interpreter, %").isLessThan(4.0);
    }

    private static void assertWhole(AgentRun run, String threadName, String javaHome, double maxOneFramePercent)
            throws Exception {
        assertThat(run.exitCode).as(run.toString()).isZero();
        Snapshot s = SnapshotReader.read(run.snapshot);
        ThreadProfile deep = thread(s, threadName);
        int samples = s.metricIndex("samples");
        long all = 0;
        long rooted = 0;
        long oneFrame = 0;
        for (CallNode top : deep.root().children()) {
            long n = top.value(samples);
            all += n;
            String name = s.methods().get(top.methodId()).className() + "." + s.methods().get(top.methodId()).name();
            if (name.equals("java.lang.Thread.run")) rooted += n;
            if (top.children().isEmpty()) oneFrame += n;
        }
        System.out.printf("%s (%s): %d samples, %.2f %% rooted at Thread.run, %.2f %% one-frame; recovered %d, "
                        + "failed %d%n", threadName, javaHome, all, 100.0 * rooted / all, 100.0 * oneFrame / all,
                s.stat("samples.recovered"), failed(s));
        assertThat(all).as("samples of the thread").isGreaterThan(1000);
        assertThat(100.0 * rooted / all).as("stacks rooted at Thread.run, %").isGreaterThanOrEqualTo(100 - 2 * maxOneFramePercent);
        // what stays one frame is mostly code compiled moments before, which the code map learns of only when the
        // VM's service thread posts CompiledMethodLoad: 0.2-1.0 % of these short runs' samples
        assertThat(100.0 * oneFrame / all).as("one-frame stacks, %").isLessThan(maxOneFramePercent);
    }

    /**
     * C1-compiled code with profiling only (-XX:TieredStopAtLevel=3): the invocation counters of DeepDispatch's tiny
     * methods overflow every thousand calls or so, and each overflow calls into the VM from C1's counter_overflow
     * stub, which builds an rbp frame that AGCT does not walk out of. Before the anchor was pointed at the stub's
     * caller, none of these samples had a stack (not_walkable_not_java: 28 of 3,039 samples, 0 whole; after: 45
     * whole, 5 failed, 2026-11-27).
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("jdks")
    void stacksOfAThreadInsideTheVmFromAC1RuntimeStubAreWhole(String javaHome) throws Exception {
        AgentRun run = AgentRun.sampled(javaHome, dir, CPU_1MS, List.of("-XX:TieredStopAtLevel=3"),
                "org.candor.it.targets.DeepDispatch", "4");
        assertThat(run.exitCode).as(run.toString()).isZero();
        Snapshot s = SnapshotReader.read(run.snapshot);
        int self = s.metricIndex("self_samples");
        long[] whole = {0};
        walk(s, thread(s, "deep").root(), n -> {
            if (n.methodId() >= 0 && s.methods().get(n.methodId()).name().contains("counter_overflow")
                    && rootedAtThreadRun(s, n)) {
                whole[0] += n.value(self);
            }
        });
        long failed = s.stat("samples.failed.not_walkable_not_java");
        System.out.printf("C1 stubs (%s): %d samples in counter_overflow with whole stacks, %d not_walkable_not_java,"
                + " recovered in the VM %d%n", javaHome, whole[0], failed, s.stat("samples.recovered.in_vm"));
        assertThat(whole[0]).as("samples inside the VM from counter_overflow, with the Java callers").isGreaterThanOrEqualTo(10);
        assertThat(failed).as("walks still refused from a stub's frame").isLessThan(whole[0] / 3);
    }

    /**
     * C2's allocation slow path: `_new_instance_Java` calls into the VM from a frame of its own (`sub rsp, 8; mov [rsp],
     * rbp`, no `enter`) and leaves the anchor without its pc; AGCT does not walk out of it. Before the stub's frame
     * was popped from the anchor, 845 of 2,999 samples failed (unknown_not_java) and 3 had the stub under their Java
     * callers; after, 32 and 792 (2026-11-27, JDK 17; JDK 25 calls the stub C2_Runtime_new_instance).
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("jdks")
    void stacksOfAThreadInsideTheVmFromAC2RuntimeStubAreWhole(String javaHome) throws Exception {
        AgentRun run = AgentRun.sampled(javaHome, dir, CPU_1MS,
                List.of("-XX:TLABSize=2k", "-XX:MinTLABSize=2k", "-XX:-ResizeTLAB"), "org.candor.it.targets.C2Allocations", "3");
        assertThat(run.exitCode).as(run.toString()).isZero();
        Snapshot s = SnapshotReader.read(run.snapshot);
        int self = s.metricIndex("self_samples");
        long[] whole = {0};
        walk(s, thread(s, "alloc").root(), n -> {
            // JDK 17: _new_instance_Java; JDK 25: C2_Runtime_new_instance
            String name = n.methodId() >= 0 ? s.methods().get(n.methodId()).name() : "";
            if ((name.endsWith("_Java") || name.startsWith("C2_Runtime_")) && rootedAtThreadRun(s, n)) {
                whole[0] += n.value(self);
            }
        });
        long failed = s.stat("samples.failed.unknown_not_java");
        System.out.printf("C2 stubs (%s): %d samples in a C2 runtime stub with whole stacks, %d unknown_not_java%n",
                javaHome, whole[0], failed);
        assertThat(whole[0]).as("samples inside the VM from a C2 runtime stub, with the Java callers").isGreaterThanOrEqualTo(100);
        assertThat(failed).as("walks still refused from the stub's frame").isLessThan(whole[0] / 5);
    }

    /**
     * Exceptions thrown and caught through C1-compiled frames (-XX:TieredStopAtLevel=1): C1's handle_exception stubs
     * put the throwing pc in place of their return address and ask the VM for a handler, its unwind_exception stub
     * asks by a leaf call, so the samples are inside the VM from a stub AGCT does not walk out of, or in Java state
     * with the pc in libjvm while the anchor the stub set is walkable (AGCT then starts from it). Before these were
     * walked, 84 % of the process's samples failed (2,575 of 3,048; 14 recovered inside the VM, none from leaf calls);
     * after, 10 % (310 of 3,083; 2,011 recovered inside the VM, 150 from leaf calls; 2026-11-28, JDK 17).
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("jdks")
    void stacksOfAThreadHandlingExceptionsInC1CodeAreWhole(String javaHome) throws Exception {
        AgentRun run = AgentRun.sampled(javaHome, dir, CPU_1MS, List.of("-XX:TieredStopAtLevel=1"),
                "org.candor.it.targets.Unwinding", "3");
        assertThat(run.exitCode).as(run.toString()).isZero();
        Snapshot s = SnapshotReader.read(run.snapshot);
        int self = s.metricIndex("self_samples");
        long[] counts = {0, 0};  // the thread's samples, those under Unwinding.caught
        walk(s, thread(s, "unwind").root(), n -> {
            counts[0] += n.value(self);
            if (underCaught(s, n) && rootedAtThreadRun(s, n)) counts[1] += n.value(self);
        });
        long inVm = s.stat("samples.recovered.in_vm");
        long leaf = s.stat("samples.recovered.vm_leaf");
        System.out.printf("C1 exceptions (%s): %d of %d samples whole under Unwinding.caught; recovered in the VM %d,"
                + " from leaf calls %d; failed %d%n", javaHome, counts[1], s.stat("samples.delivered"), inVm, leaf, failed(s));
        assertThat(inVm + leaf).as("samples inside the exception stubs' VM calls, walked").isGreaterThan(1000);
        assertThat(100.0 * counts[1] / s.stat("samples.delivered")).as("whole stacks under Unwinding.caught, %").isGreaterThan(70);
    }

    private static boolean underCaught(Snapshot s, CallNode n) {
        for (CallNode p = n; p != null && p.methodId() >= 0; p = p.parent()) {
            org.candor.core.model.MethodInfo m = s.methods().get(p.methodId());
            if (m.className().endsWith("Unwinding") && m.name().equals("caught")) return true;
        }
        return false;
    }

    private static boolean rootedAtThreadRun(Snapshot s, CallNode n) {
        CallNode top = n;
        while (top.parent() != null && top.parent().parent() != null) top = top.parent();
        org.candor.core.model.MethodInfo m = s.methods().get(top.methodId());
        return m.className().equals("java.lang.Thread") && m.name().equals("run");
    }

    @Test
    void systemTimeIsChargedToTheJavaMethodThatMadeTheCall() throws Exception {
        AgentRun run = AgentRun.sampled(AgentRun.javaHome(), dir, CPU_1MS, List.of(),
                "org.candor.it.targets.FileCreation", "3");
        assertThat(run.exitCode).as(run.toString()).isZero();
        Snapshot s = SnapshotReader.read(run.snapshot);
        double truth = trueShare(run);
        double sampled = inclusiveShare(s, "files", "createFiles");
        System.out.printf("createFiles: true %.1f %% of the thread's CPU time, sampled %.1f %% (counts kernel %d)%n",
                truth, sampled, s.stat("cpu.counts_kernel"));
        assumeThat(s.stat("cpu.counts_kernel")).as("this kernel lets perf (or the CPU timer) count system time").isOne();
        assertThat(sampled).isCloseTo(truth, org.assertj.core.data.Offset.offset(6.0));

        // the control: user time only, as perf_event_paranoid 2 forces on an unprivileged user
        Path control = Files.createDirectory(dir.resolve("user-only"));
        AgentRun userOnly = AgentRun.sampled(AgentRun.javaHome(), control, CPU_1MS + ",simulate=nokernel", List.of(),
                "org.candor.it.targets.FileCreation", "3");
        assertThat(userOnly.exitCode).as(userOnly.toString()).isZero();
        Snapshot u = SnapshotReader.read(userOnly.snapshot);
        double userShare = inclusiveShare(u, "files", "createFiles");
        System.out.printf("user time only: createFiles true %.1f %%, sampled %.1f %%%n", trueShare(userOnly), userShare);
        assertThat(u.stat("cpu.counts_kernel")).isZero();
        assertThat(userShare).as("without system time the file creation mostly vanishes").isLessThan(trueShare(userOnly) - 15);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("jdks")
    void aHotMethodInlinedIntoItsCallerIsNamed(String javaHome) throws Exception {
        AgentRun run = AgentRun.sampled(javaHome, dir, CPU_1MS, List.of(), "org.candor.it.targets.InlinedLeaf", "3");
        assertThat(run.exitCode).as(run.toString()).isZero();
        double hot = selfShare(SnapshotReader.read(run.snapshot), "inlined", "hotLeaf");
        // the control: the JIT told to keep no debug information between safepoints
        Path control = Files.createDirectory(dir.resolve("no-debug-info"));
        AgentRun without = AgentRun.sampled(javaHome, control, CPU_1MS,
                List.of("-XX:+UnlockDiagnosticVMOptions", "-XX:-DebugNonSafepoints"), "org.candor.it.targets.InlinedLeaf", "3");
        assertThat(without.exitCode).as(without.toString()).isZero();
        double hotWithout = selfShare(SnapshotReader.read(without.snapshot), "inlined", "hotLeaf");
        System.out.printf("hotLeaf (%s): %.1f %% of the thread's samples; %.1f %% with -XX:-DebugNonSafepoints%n",
                javaHome, hot, hotWithout);
        assertThat(hot).as("hotLeaf's self share").isGreaterThan(75.0);
        assertThat(hotWithout).as("the control: pcs charged to the caller's safepoints").isLessThan(25.0);
    }

    /** AGCT given the interrupted pc itself put 2.5 % in load and 77 % in caller (2026-11-27). */
    @ParameterizedTest(name = "{0}")
    @MethodSource("jdks")
    void aStalledLoadIsChargedToTheInlinedMethodThatMadeIt(String javaHome) throws Exception {
        AgentRun run = AgentRun.sampled(javaHome, dir, CPU_1MS, List.of("-Xmx512m"), "org.candor.it.targets.CacheMissLoad", "3");
        assertThat(run.exitCode).as(run.toString()).isZero();
        Snapshot s = SnapshotReader.read(run.snapshot);
        double load = selfShare(s, "chase", "load");
        double caller = selfShare(s, "chase", "caller");
        System.out.printf("cache-missing load (%s): load %.1f %%, caller %.1f %%, next %.1f %%%n", javaHome, load, caller,
                selfShare(s, "chase", "next"));
        assertThat(load).as("load's self share (the rest is next: the stall shows on either side of it)").isGreaterThan(50.0);
        assertThat(caller).as("caller's self share").isLessThan(10.0);
    }

    private static double trueShare(AgentRun run) {
        Matcher m = Pattern.compile("CPU createFiles=(\\d+) compute=(\\d+)").matcher(run.stdout);
        assertThat(m.find()).as(run.stdout).isTrue();
        double files = Long.parseLong(m.group(1));
        return 100.0 * files / (files + Long.parseLong(m.group(2)));
    }

    /** The samples under a method (simple name) as a share of the thread's samples under createFiles or compute. */
    private static double inclusiveShare(Snapshot s, String thread, String method) {
        int samples = s.metricIndex("samples");
        long[] counts = new long[2];
        walk(s, thread(s, thread).root(), n -> {
            String name = s.methods().get(n.methodId()).name();
            if (name.equals("createFiles")) counts[0] += n.value(samples);
            if (name.equals("compute")) counts[1] += n.value(samples);
        });
        assertThat(counts[0] + counts[1]).as("samples in both phases").isGreaterThan(1000);
        return 100.0 * (method.equals("createFiles") ? counts[0] : counts[1]) / (counts[0] + counts[1]);
    }

    private static double selfShare(Snapshot s, String thread, String method) {
        int self = s.metricIndex("self_samples");
        long[] counts = new long[2];
        walk(s, thread(s, thread).root(), n -> {
            counts[1] += n.value(self);
            if (s.methods().get(n.methodId()).name().equals(method)) counts[0] += n.value(self);
        });
        assertThat(counts[1]).as("samples of " + thread).isGreaterThan(1000);
        return 100.0 * counts[0] / counts[1];
    }

    private static void walk(Snapshot s, CallNode root, java.util.function.Consumer<CallNode> visit) {
        List<CallNode> todo = new ArrayList<>(root.children());
        while (!todo.isEmpty()) {
            CallNode n = todo.remove(todo.size() - 1);
            visit.accept(n);
            todo.addAll(n.children());
        }
    }

    private static long failed(Snapshot s) {
        return s.stats().entrySet().stream().filter(e -> e.getKey().startsWith("samples.failed."))
                .mapToLong(java.util.Map.Entry::getValue).sum();
    }

    private static ThreadProfile thread(Snapshot s, String name) {
        return s.threads().stream().filter(t -> t.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no thread " + name + " in " + s.threads()));
    }
}
