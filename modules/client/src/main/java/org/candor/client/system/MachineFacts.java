package org.candor.client.system;

import java.nio.file.Path;
import java.util.OptionalInt;
import org.candor.client.ClientException;

/**
 * What this machine, its kernel and this process are, read once: through JNA (geteuid, capget, uname, clock_getres),
 * from /proc/sys, from the running JVM, and from libcandor.so.
 *
 * @param tickNanos the kernel tick in ns, 0 when unknown
 * @param attachApi whether this Java runtime has the module jdk.attach
 */
public record MachineFacts(Uname uname, int euid, Capabilities capabilities, OptionalInt perfEventParanoid,
                           OptionalInt ptraceScope, long tickNanos, boolean attachApi, String javaVersion,
                           NativeFacts library) {

    /** Reads them all; libcandor.so at {@code nativeLibrary} (null: none was found). */
    public static MachineFacts read(Path nativeLibrary) throws ClientException {
        return read(NativeFacts.ask(nativeLibrary));
    }

    /** Reads the rest, with what libcandor.so already said. */
    public static MachineFacts read(NativeFacts library) throws ClientException {
        return new MachineFacts(Libc.uname(), Libc.effectiveUid(), Libc.effectiveCapabilities(),
                KernelSetting.read(KernelSetting.PERF_EVENT_PARANOID), KernelSetting.read(KernelSetting.PTRACE_SCOPE),
                Libc.tickNanos(), ModuleLayer.boot().findModule("jdk.attach").isPresent(), Runtime.version().toString(),
                library);
    }
}
