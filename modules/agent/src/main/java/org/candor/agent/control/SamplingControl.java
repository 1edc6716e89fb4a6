package org.candor.agent.control;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import org.candor.agent.options.AgentOptions;
import org.candor.agent.snapshot.SnapshotOnExit;

/**
 * Control of a sampling session: status only for now. The native sampler has no pause, and its trees are drained
 * once, at exit; the other commands say so.
 */
final class SamplingControl implements ControlledSession {

    private final AgentOptions options;
    private final SnapshotOnExit onExit;
    private final String origin;
    private final Instant start = Instant.now();

    SamplingControl(AgentOptions options, SnapshotOnExit onExit, String origin) {
        this.options = options;
        this.onExit = onExit;
        this.origin = origin;
    }

    private static Reply unsupported(String command) {
        return Reply.error(command + " is not supported in sampling mode yet (status only; the snapshot is written"
                + " at exit)");
    }

    @Override public Reply start() { return unsupported("start"); }
    @Override public Reply stop() { return unsupported("stop"); }
    @Override public Reply reset() { return unsupported("reset"); }
    @Override public Reply snapshot(Path file) { return unsupported("snapshot"); }
    @Override public Reply detach(Path finalSnapshot) { return unsupported("detach"); }

    @Override
    public Reply status() {
        return Reply.ok("sampling")
                .put("protocol", ControlProtocol.VERSION)
                .put("pid", ProcessHandle.current().pid())
                .put("state", "sampling")
                .put("mode", "sampling")
                .put("recording", "on")
                .put("started.by", origin)
                .put("include", String.join(",", options.includes()))
                .put("exclude", String.join(",", options.excludes()))
                .put("session.start", start)
                .put("uptime.ms", Duration.between(start, Instant.now()).toMillis())
                .put("output", onExit.target());
    }
}
