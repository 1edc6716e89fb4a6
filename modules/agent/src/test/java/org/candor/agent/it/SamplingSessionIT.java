package org.candor.agent.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.candor.core.model.CallNode;
import org.candor.core.model.Snapshot;
import org.candor.core.model.SnapshotInfo;
import org.candor.core.model.ThreadProfile;
import org.candor.core.snapshot.SnapshotReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A sampling session started by libcandor.so itself ({@code session=FILE}, what {@code candor profile --mode sample}
 * uses) against one started through {@code -javaagent}: the same snapshot, but the JVM keeps using its archived
 * module graph (a {@code -javaagent} adds java.instrument to the root modules, which turns it off and costs every
 * launch ~30 ms of CPU); bad sessions are refused before the program runs.
 */
class SamplingSessionIT {

    private static final String PROGRAM = "org.candor.it.targets.Spinner";

    @TempDir Path dir;

    @Test
    void theLibraryStartsTheSessionAndTheJvmKeepsItsArchivedModuleGraph() throws Exception {
        Path cds = dir.resolve("cds.log");
        AgentRun run = AgentRun.sampled(AgentRun.javaHome(), dir, "sample=cpu,interval=1ms", List.of("-Xlog:cds:file=" + cds),
                PROGRAM, "500");
        assertThat(run.exitCode).as(run.toString()).isZero();
        assertThat(run.stdout).contains("done");
        assertThat(Files.readString(cds)).as("the JVM's own log").contains("full module graph: enabled");
        assertThat(run.stderr).as("the program's stderr stays clean").isEmpty();
        Snapshot s = SnapshotReader.read(run.snapshot);
        assertThat(s.info().get(SnapshotInfo.MODE)).isEqualTo("sampling");
        assertThat(s.info().get(SnapshotInfo.JVM_ARGS)).contains("session=").doesNotContain("-javaagent");
        assertThat(s.info().get(SnapshotInfo.PID)).matches("[1-9][0-9]*");
        assertThat(s.info().get(SnapshotInfo.CANDOR_VERSION)).isNotEqualTo("unknown");
        assertThat(samplesIn(s, "spin")).as("samples in spin at 1 ms over 500 ms").isGreaterThan(300);
    }

    @Test
    void premainInSampleModeStillWorksButCostsTheArchivedModuleGraph() throws Exception {
        Path cds = dir.resolve("cds.log");
        AgentRun run = AgentRun.sampledByJavaAgent(AgentRun.javaHome(), dir, "sample=cpu,interval=1ms",
                List.of("-Xlog:cds:file=" + cds), PROGRAM, "500");
        assertThat(run.exitCode).as(run.toString()).isZero();
        assertThat(Files.readString(cds)).as("-javaagent adds java.instrument to the root modules")
                .contains("full module graph: disabled");
        assertThat(samplesIn(SnapshotReader.read(run.snapshot), "spin")).isGreaterThan(300);
    }

    @Test
    void aSessionAskingForInstrumentationIsRefusedBeforeTheProgramRuns() throws Exception {
        Path options = Files.write(dir.resolve("options.txt"), List.of("mode=instrument", "output=" + dir.resolve("x.candor")));
        AgentRun run = AgentRun.run(AgentRun.javaHome(),
                List.of("-agentpath:" + AgentRun.AGENT_DIR.resolve("libcandor.so") + "=sample=cpu,session=" + options),
                PROGRAM, new String[] {"100"}, null);
        assertThat(run.exitCode).as(run.toString()).isEqualTo(2);
        assertThat(run.stdout).as("the program did not run").isEmpty();
        assertThat(run.stderr.trim()).as(run.toString()).startsWith("candor: error: ").contains("session=").contains("mode=sample")
                .doesNotContain("\n");
    }

    @Test
    void aLibraryWithoutTheAgentJarBesideItIsRefusedBeforeTheProgramRuns() throws Exception {
        Path lonely = Files.copy(AgentRun.AGENT_DIR.resolve("libcandor.so"), dir.resolve("libcandor.so"));
        Path options = Files.write(dir.resolve("options.txt"), List.of("mode=sample", "output=" + dir.resolve("x.candor")));
        AgentRun run = AgentRun.run(AgentRun.javaHome(), List.of("-agentpath:" + lonely + "=sample=cpu,session=" + options),
                PROGRAM, new String[] {"100"}, null);
        assertThat(run.exitCode).as(run.toString()).isEqualTo(2);
        assertThat(run.stdout).isEmpty();
        assertThat(run.stderr.trim()).isEqualTo("candor: cannot start the sampling session: " + dir.resolve("candor-agent.jar")
                + " is missing (it belongs beside libcandor.so)");
    }

    @Test
    void aSessionFileNeedsSampling() throws Exception {
        AgentRun run = AgentRun.run(AgentRun.javaHome(),
                List.of("-agentpath:" + AgentRun.AGENT_DIR.resolve("libcandor.so") + "=session=" + dir.resolve("o.txt")),
                PROGRAM, new String[] {"100"}, null);
        assertThat(run.exitCode).as(run.toString()).isEqualTo(2);
        assertThat(run.stderr.trim()).isEqualTo("candor: native agent option 'session' needs sample=cpu or sample=wall");
    }

    private static long samplesIn(Snapshot s, String method) {
        int self = s.metricIndex("self_samples");
        long n = 0;
        for (ThreadProfile t : s.threads()) n += samplesIn(s, t.root(), method, self);
        return n;
    }

    private static long samplesIn(Snapshot s, CallNode node, String method, int self) {
        long n = 0;
        for (CallNode c : node.children()) {
            if (s.methods().get(c.methodId()).name().equals(method)) n += c.value(self);
            n += samplesIn(s, c, method, self);
        }
        return n;
    }
}
