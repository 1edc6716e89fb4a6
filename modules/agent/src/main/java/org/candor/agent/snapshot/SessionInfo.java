package org.candor.agent.snapshot;

import java.io.IOException;
import java.io.InputStream;
import java.time.Instant;
import java.util.Properties;
import org.candor.agent.options.AgentOptions;
import org.candor.core.model.SnapshotInfo;

/** The description of this session that goes into the snapshot. */
public final class SessionInfo {

    private SessionInfo() {}

    public static String candorVersion() {
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
                .put(SnapshotInfo.PID, Long.toString(ProcessHandle.current().pid()))
                .put(SnapshotInfo.START_TIME, start.toString())
                .put(SnapshotInfo.END_TIME, end.toString());
        java.util.Optional<String[]> args = ProcessHandle.current().info().arguments();
        if (args.isPresent()) info.put(SnapshotInfo.JVM_ARGS, String.join(" ", args.get()));
        return info;
    }
}
