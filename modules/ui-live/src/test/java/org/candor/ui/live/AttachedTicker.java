package org.candor.ui.live;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;

/** The Ticker program started without any agent, then attached to with a Total session over its own package. */
final class AttachedTicker implements AutoCloseable {

    static final String MAIN = "org.candor.ui.live.program.Ticker";

    final Process process;
    final LiveSessions sessions = new LiveSessions();

    private AttachedTicker(Process process) {
        this.process = process;
    }

    /** Starts it, waits for its "ready", and attaches; the snapshot at exit goes to {@code dir}. */
    static AttachedTicker start(Path dir) throws Exception {
        String java = System.getenv().getOrDefault("CANDOR_TEST_JAVA", ProcessHandle.current().info().command().orElse("java"));
        // its own classes only, as a program being profiled has (not the test's class path, which holds Candor's)
        Path classes = Path.of(org.candor.ui.live.program.Ticker.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Process p = new ProcessBuilder(java, "-cp", classes.toString(), MAIN).start();
        AttachedTicker t = new AttachedTicker(p);
        assertThat(new String(p.getInputStream().readNBytes(6))).isEqualTo("ready\n");
        t.sessions.attach(p.pid(), org.candor.ui.model.analyze.AnalyzeSettings.defaults()
                .withFilters(List.of("org.candor.ui.live.program.**"), List.of(), true), dir.resolve("exit.candor"));
        return t;
    }

    long pid() { return process.pid(); }

    @Override
    public void close() {
        process.destroyForcibly();
    }
}
