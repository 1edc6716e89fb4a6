package org.candor.client.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.candor.client.ClientException;
import org.junit.jupiter.api.Test;

/** The checks as the CLI and the app call them, on this machine and on real processes. */
class SystemCheckTest {

    @Test
    void thisMachine() throws Exception {
        Readiness r = SystemCheck.machine(LibCandorTest.LIBRARY);
        assertThat(r.title()).isEqualTo("this machine");
        assertThat(r.checks()).hasSize(9);
        assertThat(r.check("libcandor.so").verdict()).isEqualTo(Verdict.AVAILABLE);
        assertThat(r.check("operating system").sentence()).startsWith("Linux ");
        String paranoid = Files.readString(Path.of("/proc/sys/kernel/perf_event_paranoid")).trim();
        assertThat(r.check("perf events").sentence()).contains("kernel.perf_event_paranoid " + (r.check("perf events")
                .sentence().contains("(") ? "(" + paranoid + ")" : "is " + paranoid));
        r.checks().forEach(c -> System.out.println("[SystemCheckTest] " + c.line()));
    }

    @Test
    void withoutLibcandorTheChecksThatNeedItSaySo() throws Exception {
        Readiness r = SystemCheck.machine((java.nio.file.Path) null);
        assertThat(r.check("libcandor.so").line()).startsWith("libcandor.so: unavailable: libcandor.so was not found");
        assertThat(r.check("hardware counters").verdict()).isEqualTo(Verdict.UNAVAILABLE);
        assertThat(r.check("operating system").verdict()).isNotEqualTo(Verdict.UNAVAILABLE);
    }

    @Test
    void thisJvmAsATarget() throws Exception {
        long self = ProcessHandle.current().pid();
        Readiness r = SystemCheck.target(self);
        assertThat(r.title()).startsWith("process " + self + " (");
        assertThat(r.check("process").verdict()).isEqualTo(Verdict.AVAILABLE);
        assertThat(r.check("owner").verdict()).isEqualTo(Verdict.AVAILABLE);
        assertThat(r.check("Java version").sentence())
                .startsWith("JDK " + Runtime.version().feature() + " (")
                .contains(" at " + Path.of(System.getProperty("java.home")).toRealPath());
    }

    @Test
    void processesCandorCannotAttachToAreRefusedInOneLine() throws Exception {
        assertThatThrownBy(() -> SystemCheck.target(999_999_999)).isInstanceOf(ClientException.class)
                .hasMessage("no process 999999999");
        Process sleep = new ProcessBuilder("sleep", "30").start();
        try {
            assertThatThrownBy(() -> SystemCheck.target(sleep.pid())).isInstanceOf(ClientException.class)
                    .hasMessage("process " + sleep.pid() + " (sleep) is not a Java VM (no libjvm.so in its memory);"
                            + " 'candor list' shows your JVMs");
        } finally {
            sleep.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }
}
