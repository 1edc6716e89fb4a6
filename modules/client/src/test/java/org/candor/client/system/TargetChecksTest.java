package org.candor.client.system;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** Each target check's verdict and words, on the status files of real processes and command lines made up for each. */
class TargetChecksTest {

    private static final String HOME = "/usr/lib/jvm/temurin-25-jdk-amd64";

    static TargetFacts jvm(String status, String release, Map<String, String> env, String... argv) {
        return new TargetFacts(4242, ProcStatus.parse(Fixtures.text(status)), JvmCommandLine.parse(List.of(argv)), env, HOME,
                release == null ? null : JavaRelease.parse(release));
    }

    static TargetFacts jdk(int feature, String... options) {
        String[] argv = new String[options.length + 2];
        argv[0] = HOME + "/bin/java";
        System.arraycopy(options, 0, argv, 1, options.length);
        argv[argv.length - 1] = "com.acme.Main";
        return jvm("status-java.txt", "JAVA_VERSION=\"" + feature + ".0.1\"\n", Map.of(), argv);
    }

    @Test
    void endedProcessesAndOthersThanJvmsAreRefusedInOneLine() {
        TargetFacts zombie = new TargetFacts(4242, ProcStatus.parse(Fixtures.text("status-zombie.txt")),
                JvmCommandLine.parse(List.of()), Map.of(), null, null);
        assertThat(TargetChecks.refusal(zombie)).hasValue("no process 4242 (it has ended)");
        TargetFacts sleep = new TargetFacts(4242, ProcStatus.parse(Fixtures.text("status-other-user.txt")),
                JvmCommandLine.parse(List.of("sleep", "30")), Map.of(), null, null);
        assertThat(TargetChecks.refusal(sleep)).hasValue("process 4242 (sleep) is not a Java VM (no libjvm.so in its memory);"
                + " 'candor list' shows your JVMs");
        assertThat(TargetChecks.refusal(jdk(17))).isEmpty();
    }

    @Test
    void aJvmsRowsInTheirOrder() {
        Readiness r = TargetChecks.of(jdk(25, "-XX:+EnableDynamicAgentLoading"), 0, OptionalInt.of(2));
        assertThat(r.title()).isEqualTo("process 4242 (com.acme.Main)");
        assertThat(r.checks()).extracting(Check::line).containsExactly(
                "process: available: process 4242 is sleeping",
                "owner: available: process 4242 runs as uid 0, as you do",
                "Java version: available: JDK 25 (25.0.1 at " + HOME + ")",
                "attach: available: process 4242 takes an attach (no -XX:+DisableAttachMechanism)",
                "dynamic agent loading: available: process 4242 was started with -XX:+EnableDynamicAgentLoading: Candor"
                        + " attaches without a warning",
                "perf events: available: process 4242 has CAP_PERFMON, so kernel.perf_event_paranoid (2) does not limit perf:"
                        + " events are counted in user and kernel mode");
    }

    @Test
    void jdk21AndLaterWarnAboutAnAttachUnlessTheyAllowIt() {
        Check jdk25 = TargetChecks.dynamicAgentLoading(jdk(25));
        assertThat(jdk25.line()).isEqualTo("dynamic agent loading: limited: process 4242 runs JDK 25 without"
                + " -XX:+EnableDynamicAgentLoading: when Candor attaches, the JVM prints a warning about a dynamically loaded"
                + " agent on the program's stderr (start it with -XX:+EnableDynamicAgentLoading, or with candor profile, to"
                + " avoid the warning)");
        assertThat(TargetChecks.dynamicAgentLoading(jdk(21)).verdict()).isEqualTo(Verdict.LIMITED);
        assertThat(TargetChecks.dynamicAgentLoading(jdk(21, "-XX:-EnableDynamicAgentLoading")).verdict()).isEqualTo(Verdict.LIMITED);
        assertThat(TargetChecks.dynamicAgentLoading(jdk(21, "-XX:+EnableDynamicAgentLoading")).verdict()).isEqualTo(Verdict.AVAILABLE);
        Check jdk17 = TargetChecks.dynamicAgentLoading(jdk(17));
        assertThat(jdk17.line()).isEqualTo("dynamic agent loading: available: JDK 17 loads agents at run time without a warning");
        TargetFacts launcherOption = jvm("status-java.txt", "JAVA_VERSION=\"25\"\n",
                Map.of("JDK_JAVA_OPTIONS", "-XX:+EnableDynamicAgentLoading"), "java", "Main");
        assertThat(TargetChecks.dynamicAgentLoading(launcherOption).verdict()).isEqualTo(Verdict.AVAILABLE);
        Check unknown = TargetChecks.dynamicAgentLoading(jvm("status-java.txt", null, Map.of(), "java", "Main"));
        assertThat(unknown.verdict()).isEqualTo(Verdict.LIMITED);
        assertThat(unknown.sentence()).startsWith("its JDK's version is unknown; if it is 21 or newer");
    }

    @Test
    void aJvmThatRefusesAttachSaysSo() {
        Check disabled = TargetChecks.attach(jdk(17, "-XX:+DisableAttachMechanism"));
        assertThat(disabled.line()).isEqualTo("attach: unavailable: process 4242 was started with -XX:+DisableAttachMechanism,"
                + " so it takes no attach (restart it without that option, or start it with candor profile)");
        TargetFacts viaEnvironment = jvm("status-java.txt", "JAVA_VERSION=\"17\"\n",
                NulSeparated.environment(Fixtures.bytes("environ-java-options.bin")), "java", "Main");
        assertThat(TargetChecks.attach(viaEnvironment).verdict()).as("_JAVA_OPTIONS turns it off again").isEqualTo(Verdict.AVAILABLE);
    }

    @Test
    void javaVersions() {
        Check jdk8 = TargetChecks.javaVersion(jvm("status-java.txt", Fixtures.text("release-jdk8.txt"), Map.of(), "java", "Main"));
        assertThat(jdk8.verdict()).isEqualTo(Verdict.UNAVAILABLE);
        assertThat(jdk8.sentence()).isEqualTo("JDK 8 (1.8.0_392 at " + HOME + ") is older than Candor's agent runs on");
        assertThat(jdk8.remedy()).isEqualTo("run the program on JDK 11 or newer");
        assertThat(TargetChecks.javaVersion(jdk(11)).verdict()).isEqualTo(Verdict.AVAILABLE);
        Check unknown = TargetChecks.javaVersion(jvm("status-java.txt", null, Map.of(), "java", "Main"));
        assertThat(unknown.verdict()).isEqualTo(Verdict.LIMITED);
        assertThat(unknown.sentence()).isEqualTo("the JDK at " + HOME + " has no release file that says its version");
    }

    @Test
    void aStoppedProcessCannotAnswer() {
        TargetFacts stopped = jvm("status-stopped.txt", "JAVA_VERSION=\"17\"\n", Map.of(), "java", "Main");
        assertThat(TargetChecks.process(stopped).line()).isEqualTo("process: unavailable: process 4242 is stopped (SIGSTOP, or"
                + " Ctrl+Z in its terminal): it cannot answer an attach until it runs again (kill -CONT 4242, or let its"
                + " debugger continue)");
        TargetFacts traced = jvm("status-traced.txt", "JAVA_VERSION=\"17\"\n", Map.of(), "java", "Main");
        assertThat(TargetChecks.process(traced).sentence()).isEqualTo("process 4242 is stopped by a debugger: it cannot answer"
                + " an attach until it runs again");
    }

    @Test
    void ownersAndThePerfEventsOfAnotherUsersProcess() {
        TargetFacts nobody = jvm("status-other-user.txt", "JAVA_VERSION=\"17\"\n", Map.of(), "java", "Main");
        Check owner = TargetChecks.owner(nobody, 0);
        assertThat(owner.verdict()).isEqualTo(Verdict.UNAVAILABLE);
        assertThat(owner.sentence()).isEqualTo("process 4242 runs as uid 65534 and you are uid 0: Candor attaches only to your"
                + " own programs");
        assertThat(TargetChecks.owner(nobody, 65534).verdict()).isEqualTo(Verdict.AVAILABLE);
        Check perf = TargetChecks.of(nobody, 65534, OptionalInt.of(2)).check("perf events");
        assertThat(perf.verdict()).as("no capabilities at paranoid 2").isEqualTo(Verdict.LIMITED);
        assertThat(perf.sentence()).contains("process 4242 has neither CAP_PERFMON nor CAP_SYS_ADMIN");
    }
}
