package org.candor.client.system;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalInt;

/** A sysctl that is one whole number, read from /proc/sys: kernel.perf_event_paranoid, kernel.yama.ptrace_scope. */
public final class KernelSetting {

    public static final Path PERF_EVENT_PARANOID = Path.of("/proc/sys/kernel/perf_event_paranoid");
    public static final Path PTRACE_SCOPE = Path.of("/proc/sys/kernel/yama/ptrace_scope");

    private KernelSetting() {}

    /** The value; empty when the kernel has no such setting, or it cannot be read. */
    public static OptionalInt read(Path file) {
        try {
            return parse(Files.readString(file, StandardCharsets.US_ASCII));
        } catch (IOException e) {
            return OptionalInt.empty();
        }
    }

    static OptionalInt parse(String text) {
        try {
            return OptionalInt.of(Integer.parseInt(text.trim()));
        } catch (NumberFormatException e) {
            return OptionalInt.empty();
        }
    }
}
