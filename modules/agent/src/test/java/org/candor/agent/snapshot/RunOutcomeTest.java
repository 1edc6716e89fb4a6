package org.candor.agent.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.candor.agent.options.AgentOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

class RunOutcomeTest {

    @TempDir Path dir;

    private static AgentOptions options(Path outcome) throws Exception {
        return AgentOptions.parse("outcome=" + outcome);
    }

    @Test
    void theFactsOfARunReadBack() throws Exception {
        Path file = Files.createFile(dir.resolve("outcome.txt"));
        assertThat(RunOutcome.read(file).loaded()).as("nothing said: never loaded").isFalse();
        AgentOptions options = options(file);
        RunOutcome.loaded(options);
        RunOutcome.snapshot(options, dir.resolve("a b.candor"));
        RunOutcome.Report r = RunOutcome.read(file);
        assertThat(r.loaded()).isTrue();
        assertThat(r.snapshots()).containsExactly(dir.resolve("a b.candor"));
        assertThat(r.unwritten()).isFalse();
        RunOutcome.unwritten(options);
        assertThat(RunOutcome.read(file).unwritten()).isTrue();
    }

    @Test
    @Timeout(value = 20, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aFileTheLauncherDidNotMakeIsNeitherMadeNorOpened() throws Exception {
        Path missing = dir.resolve("gone.txt");
        RunOutcome.loaded(options(missing));
        assertThat(Files.exists(missing)).isFalse();
        // a FIFO opened for writing would wait for a reader: the program would never start
        Path fifo = dir.resolve("outcome.fifo");
        assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor()).isZero();
        RunOutcome.loaded(options(fifo));
        assertThat(RunOutcome.read(fifo).loaded()).isFalse();
    }
}
