package org.candor.agent.snapshot;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.time.Instant;
import java.util.Optional;
import java.util.Properties;
import org.candor.agent.options.AgentOptions;
import org.candor.core.model.SnapshotInfo;

/**
 * The description of this session that goes into the snapshot. Everything is read the cheap way first (the jar's
 * manifest, {@code /proc/self}): this runs in the target at exit, where every class it loads costs the program time.
 */
public final class SessionInfo {

    private SessionInfo() {}

    public static String candorVersion() {
        String fromManifest = SessionInfo.class.getPackage().getImplementationVersion();
        if (fromManifest != null) return fromManifest;
        // classes directories (the tests) have no manifest
        try (InputStream in = SessionInfo.class.getResourceAsStream("/org/candor/agent/version.properties")) {
            Properties p = new Properties();
            if (in != null) p.load(in);
            return p.getProperty("candor.version", "unknown");
        } catch (IOException e) {
            return "unknown";
        }
    }

    /** What every session records; each mode adds its own keys (mode, scheme or event, clock...). */
    public static SnapshotInfo describe(AgentOptions options, Instant start, Instant end) {
        SnapshotInfo info = new SnapshotInfo()
                .put(SnapshotInfo.CANDOR_VERSION, candorVersion())
                .put(SnapshotInfo.INCLUDE, String.join(",", options.includes()))
                .put(SnapshotInfo.EXCLUDE, String.join(",", options.excludes()))
                .put(SnapshotInfo.JVM_NAME, System.getProperty("java.vm.name"))
                .put(SnapshotInfo.JVM_VERSION, System.getProperty("java.runtime.version", System.getProperty("java.version")))
                .put(SnapshotInfo.JVM_VENDOR, System.getProperty("java.vm.vendor"))
                .put(SnapshotInfo.JAVA_COMMAND, System.getProperty("sun.java.command"))
                .put(SnapshotInfo.PID, Long.toString(pid()))
                .put(SnapshotInfo.START_TIME, start.toString())
                .put(SnapshotInfo.END_TIME, end.toString());
        jvmArguments().ifPresent(args -> info.put(SnapshotInfo.JVM_ARGS, args));
        if (options.traceDirectory() != null) info.put(SnapshotInfo.TRACE_DIRECTORY, options.traceDirectory().toString());
        return info;
    }

    /** This JVM's process id; {@code ProcessHandle} starts a thread pool's worth of classes, {@code /proc} does not. */
    public static long pid() {
        try {
            return Long.parseLong(Files.readSymbolicLink(Paths.get("/proc/self")).toString());
        } catch (IOException | RuntimeException noProc) {
            return ProcessHandle.current().pid();
        }
    }

    /** The command line after the launcher's name, space-separated, as {@code ProcessHandle.Info.arguments()} gives it. */
    private static Optional<String> jvmArguments() {
        try {
            String[] argv = new String(Files.readAllBytes(Paths.get("/proc/self/cmdline")), StandardCharsets.UTF_8).split("\0");
            if (argv.length < 2) return Optional.empty();
            return Optional.of(String.join(" ", java.util.Arrays.asList(argv).subList(1, argv.length)));
        } catch (IOException | RuntimeException noProc) {
            return ProcessHandle.current().info().arguments().map(args -> String.join(" ", args));
        }
    }
}
