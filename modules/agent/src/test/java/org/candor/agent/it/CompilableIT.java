package org.candor.agent.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Instrumented methods stay compilable by C1: with the probes in, the methods of {@code HandlerShapes} are compiled
 * at tier 1 (-XX:TieredStopAtLevel=1) as they are without them ("COMPILE SKIPPED: error while joining with exception
 * handler" was the result of an unwind call placed at the start of a catch that a finally's range covers: the method
 * then ran interpreted until C2 took it). Known exception: a method with a synchronized block, whose handlers keep
 * the unwind inline; C1 still skips it, C2 compiles it (checked here, so a fix shows).
 */
class CompilableIT {

    static final String MAIN = "org.candor.it.targets.HandlerShapes";
    static final List<String> SHAPES = List.of("catchAndFinally", "resourceWithCatch", "nestedFinally", "synchronizedMethod");
    static final String SYNCHRONIZED_BLOCK = "synchronizedBlock";

    @TempDir Path dir;

    @Test
    void everyHandlerShapeCompilesWithC1WithTheProbesIn() throws Exception {
        // one compiler thread: two of them print their lines into each other, and a "COMPILE SKIPPED" went missing so
        List<String> c1 = List.of("-XX:TieredStopAtLevel=1", "-XX:CICompilerCount=1", "-XX:+PrintCompilation");
        AgentRun plain = AgentRun.run(AgentRun.javaHome(), c1, MAIN, new String[0], null);
        Path snapshot = dir.resolve("run.candor");
        List<String> jvm = new java.util.ArrayList<>(c1);
        jvm.add("-agentpath:" + AgentRun.AGENT_DIR.resolve("libcandor.so"));
        jvm.add("-javaagent:" + AgentRun.AGENT_DIR.resolve("candor-agent.jar") + "=output=" + snapshot
                + ",quiet,include=org.candor.it.targets.HandlerShapes*");
        AgentRun profiled = AgentRun.run(AgentRun.javaHome(), jvm, MAIN, new String[0], snapshot);

        assertThat(profiled.exitCode).as(profiled.toString()).isZero();
        assertThat(sum(profiled.stdout)).isEqualTo(sum(plain.stdout));
        for (AgentRun run : List.of(plain, profiled)) {
            List<String> lines = run.stdout.lines().filter(l -> l.contains("HandlerShapes::")).collect(Collectors.toList());
            for (String shape : SHAPES) {
                assertThat(lines).as(shape + " compiled").anyMatch(l -> l.contains("HandlerShapes::" + shape + " ")
                        && !l.contains("COMPILE SKIPPED"));
                assertThat(lines).as(shape + " not skipped").noneMatch(l -> l.contains("HandlerShapes::" + shape + " ")
                        && l.contains("COMPILE SKIPPED"));
            }
        }
        assertThat(plain.stdout).as("without probes C1 compiles the synchronized block")
                .containsPattern("HandlerShapes::" + SYNCHRONIZED_BLOCK + " \\(\\d+ bytes\\)\\n");
        assertThat(profiled.stdout.lines()).as("with probes, the known exception: left to C2")
                .anyMatch(l -> l.contains("HandlerShapes::" + SYNCHRONIZED_BLOCK + " ") && l.contains("COMPILE SKIPPED"));
    }

    private static String sum(String stdout) {
        return stdout.lines().filter(l -> l.startsWith("sum ")).findFirst().orElse("no sum line in: " + stdout);
    }
}
