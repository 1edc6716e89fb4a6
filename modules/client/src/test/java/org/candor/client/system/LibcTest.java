package org.candor.client.system;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** libc through JNA in a plain JVM: each answer agrees with what the kernel says about this process in /proc. */
class LibcTest {

    private static final ProcStatus SELF = status();

    private static ProcStatus status() {
        try {
            return ProcStatus.parse(Files.readString(Path.of("/proc/self/status"), StandardCharsets.UTF_8));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void effectiveUidAndCapabilitiesAreThoseOfProcSelfStatus() throws Exception {
        assertThat(Libc.effectiveUid()).isEqualTo(SELF.effectiveUid().orElseThrow());
        assertThat(Libc.effectiveCapabilities()).isEqualTo(SELF.capabilities());
    }

    @Test
    void unameIsTheKernelsNameAndRelease() throws Exception {
        Uname u = Libc.uname();
        assertThat(u.sysname()).isEqualTo(Files.readString(Path.of("/proc/sys/kernel/ostype")).trim());
        assertThat(u.release()).isEqualTo(Files.readString(Path.of("/proc/sys/kernel/osrelease")).trim());
        assertThat(u.machine()).isEqualTo(System.getProperty("os.arch").equals("amd64") ? "x86_64" : System.getProperty("os.arch"));
    }

    @Test
    void theTickIsOneOfTheKernelsHz() throws Exception {
        long tick = Libc.tickNanos();
        assertThat(Math.round(1e9 / tick)).as("CONFIG_HZ from a tick of %d ns", tick).isIn(100L, 250L, 300L, 1000L);
    }

    @Test
    void utsnameFieldsAre65BytesEach() {
        byte[] buf = new byte[6 * 65];
        put(buf, 0, "Linux");
        put(buf, 1, "host");
        put(buf, 2, "6.1.0-1-amd64");
        put(buf, 3, "#1 SMP");
        put(buf, 4, "x86_64");
        assertThat(Uname.parse(buf)).isEqualTo(new Uname("Linux", "6.1.0-1-amd64", "x86_64"));
    }

    private static void put(byte[] buf, int field, String value) {
        byte[] b = value.getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(b, 0, buf, field * 65, b.length);
    }
}
