package org.candor.client.system;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** The parsers of /proc files, on copies of real ones: status, cmdline and environ (NUL-separated), maps. */
class ProcParsersTest {

    @Test
    void statusOfARunningJvm() {
        ProcStatus s = ProcStatus.parse(Fixtures.text("status-java.txt"));
        assertThat(s.name()).isEqualTo("java");
        assertThat(s.state()).isEqualTo('S');
        assertThat(s.stateWord()).isEqualTo("sleeping");
        assertThat(s.effectiveUid()).hasValue(0);
        assertThat(s.capabilities().bits()).isEqualTo(0x1fffeffffffL);
        assertThat(s.capabilities().has(Capabilities.CAP_PERFMON)).isTrue();
        assertThat(s.capabilities().has(Capabilities.CAP_SYS_ADMIN)).isTrue();
        assertThat(s.capabilities().has(24)).as("CAP_SYS_RESOURCE, dropped in that container").isFalse();
        assertThat(s.stopped()).isFalse();
        assertThat(s.ended()).isFalse();
    }

    @Test
    void statusOfStoppedEndedAndOtherUsersProcesses() {
        ProcStatus stopped = ProcStatus.parse(Fixtures.text("status-stopped.txt"));
        assertThat(stopped.state()).isEqualTo('T');
        assertThat(stopped.stopped()).isTrue();
        ProcStatus traced = ProcStatus.parse(Fixtures.text("status-traced.txt"));
        assertThat(traced.stopped()).isTrue();
        assertThat(traced.stateWord()).isEqualTo("tracing stop");
        ProcStatus zombie = ProcStatus.parse(Fixtures.text("status-zombie.txt"));
        assertThat(zombie.ended()).isTrue();
        assertThat(zombie.name()).isEqualTo("sleep");
        ProcStatus nobody = ProcStatus.parse(Fixtures.text("status-other-user.txt"));
        assertThat(nobody.effectiveUid()).hasValue(65534);
        assertThat(nobody.capabilities().perfPrivileged()).isFalse();
    }

    @Test
    void statusWithoutTheLinesItNeedsIsUnknownNotAnError() {
        ProcStatus s = ProcStatus.parse("Name:\tx\nUid:\tnot numbers\nCapEff:\tzz\n");
        assertThat(s.state()).isEqualTo('?');
        assertThat(s.effectiveUid()).isEmpty();
        assertThat(s.capabilities().bits()).isZero();
    }

    @Test
    void cmdlineIsSplitAtItsNuls() {
        List<String> argv = NulSeparated.split(Fixtures.bytes("cmdline-source-launcher.bin"));
        assertThat(argv).containsExactly("/usr/lib/jvm/temurin-25-jdk-amd64/bin/java", "-XX:+EnableDynamicAgentLoading", "-cp",
                "/tmp/sl", "/tmp/sl/Sleeper.java", "arg1", "-XX:+DisableAttachMechanism");
        assertThat(NulSeparated.split("a\0\0b".getBytes())).containsExactly("a", "", "b");
        assertThat(NulSeparated.split(new byte[0])).isEmpty();
    }

    @Test
    void environKeepsTheFirstOfARepeatedName() {
        Map<String, String> env = NulSeparated.environment(Fixtures.bytes("environ-java-options.bin"));
        assertThat(env).containsEntry("PATH", "/usr/bin").containsEntry("EMPTY", "")
                .containsEntry("JAVA_TOOL_OPTIONS", "-XX:+DisableAttachMechanism -Xmx1g");
    }

    @Test
    void mapsNameTheJvmsLibrary() {
        assertThat(MemoryMap.libjvm(Fixtures.text("maps-jvm.txt").lines()))
                .hasValue("/usr/lib/jvm/temurin-25-jdk-amd64/lib/server/libjvm.so");
        assertThat(MemoryMap.javaHome("/usr/lib/jvm/temurin-25-jdk-amd64/lib/server/libjvm.so"))
                .isEqualTo("/usr/lib/jvm/temurin-25-jdk-amd64");
        assertThat(MemoryMap.libjvm(Fixtures.text("maps-jdk8-deleted.txt").lines()))
                .hasValue("/usr/lib/jvm/java-8-openjdk-amd64/jre/lib/amd64/server/libjvm.so");
        assertThat(MemoryMap.javaHome("/usr/lib/jvm/java-8-openjdk-amd64/jre/lib/amd64/server/libjvm.so"))
                .isEqualTo("/usr/lib/jvm/java-8-openjdk-amd64/jre");
        assertThat(MemoryMap.libjvm(Fixtures.text("maps-sleep.txt").lines())).isEmpty();
        assertThat(MemoryMap.libjvm("7f00-7f01 r--p 0 fe:00 1   /opt/my jdk/lib/server/libjvm.so".lines()))
                .hasValue("/opt/my jdk/lib/server/libjvm.so");
    }

    @Test
    void kernelSettingsAreOneWholeNumber() {
        assertThat(KernelSetting.parse(Fixtures.text("perf_event_paranoid-debian.txt"))).hasValue(2);
        assertThat(KernelSetting.parse(Fixtures.text("perf_event_paranoid-open.txt"))).hasValue(-1);
        assertThat(KernelSetting.parse(Fixtures.text("perf_event_paranoid-restricted.txt"))).hasValue(4);
        assertThat(KernelSetting.parse("")).isEmpty();
        assertThat(KernelSetting.parse("two\n")).isEmpty();
        assertThat(KernelSetting.read(java.nio.file.Path.of("/proc/sys/kernel/no_such_setting"))).isEqualTo(OptionalInt.empty());
    }
}
