package org.candor.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What async-profiler 4.5 itself writes, read by {@code candor report}: its JFR output becomes a tree of all its
 * execution samples, and its collapsed stacks (one line a thread and stack, {@code -t}) come back from
 * {@code --format collapsed} as the same stacks with the same counts, the frames as Candor names them (dots for
 * slashes, no frame type suffixes). The library is the one the benchmarks fetch into the workloads cache
 * ({@code bench/sampling-agreement.sh}); without it the test is skipped.
 */
class AsyncProfilerImportIT {

    private static final Path LIBRARY = Paths.get(System.getenv().getOrDefault("CANDOR_WORKLOADS",
            System.getProperty("user.home") + "/.cache/candor-workloads"), "async-profiler-4.5/linux-x64/libasyncProfiler.so");

    @TempDir Path dir;

    /** The demo program under async-profiler, CPU samples every millisecond, written as {@code output}. */
    private Path profile(String file, String output) throws Exception {
        Path out = dir.resolve(file);
        CandorCli run = CandorCli.exec(List.of(CandorCli.JAVA,
                "-agentpath:" + LIBRARY + "=start,event=cpu,interval=1ms,threads,file=" + out + "," + output,
                "-jar", CandorCli.demoJar(), "3000"));
        assertThat(run.exitCode).as(run.toString()).isZero();
        assertThat(out).isNotEmptyFile();
        return out;
    }

    @Test
    void itsJfrOutputIsATreeOfAllItsSamples() throws Exception {
        assumeTrue(Files.isReadable(LIBRARY), "no async-profiler 4.5 at " + LIBRARY);
        Path jfr = profile("ap.jfr", "jfr");
        long samples = 0;
        for (RecordedEvent e : RecordingFile.readAllEvents(jfr)) {
            if (e.getEventType().getName().equals("jdk.ExecutionSample") && e.getStackTrace() != null
                    && !e.getStackTrace().getFrames().isEmpty()) samples++;
        }
        assertThat(samples).isPositive();

        CandorCli folded = CandorCli.run("report", jfr.toString(), "--format", "collapsed", "--value", "self_samples");
        assertThat(folded.exitCode).as(folded.toString()).isZero();
        assertThat(sum(counts(folded.stdout, false))).isEqualTo(samples);
        assertThat(folded.stdout).contains("org.candor.demo.DemoApp.main");
        CandorCli text = CandorCli.run("report", jfr.toString());
        assertThat(text.exitCode).as(text.toString()).isZero();
        assertThat(text.stdout).contains("import.format:jfr").contains("org.candor.demo.Batch.process(List)");
    }

    @Test
    void itsCollapsedStacksRoundTrip() throws Exception {
        assumeTrue(Files.isReadable(LIBRARY), "no async-profiler 4.5 at " + LIBRARY);
        Path collapsed = profile("ap.collapsed", "collapsed");
        String written = Files.readString(collapsed);
        // its form: a thread frame, JVM names with slashes, kernel frames marked _[k]
        assertThat(written).contains(" tid=").contains("org/candor/demo/DemoApp.main");

        CandorCli again = CandorCli.run("report", collapsed.toString(), "--format", "collapsed", "--value", "self_samples",
                "--per-thread");
        assertThat(again.exitCode).as(again.toString()).isZero();
        assertThat(counts(again.stdout, false)).isEqualTo(counts(written, true));
    }

    /**
     * Each stack's count, stacks that are the same once named as Candor names frames summed; {@code normalize}: type
     * suffixes ({@code _[j]}) go; a Java frame (one with a dot) has dots for its class's slashes, a hidden class as
     * Candor and the JVM name it ({@code Foo$$Lambda/0x7f}, async-profiler's {@code Foo$$Lambda.0x7f}); a native
     * frame's spaces are {@code _}, as Candor names the VM's code.
     */
    private static Map<String, Long> counts(String lines, boolean normalize) {
        Map<String, Long> counts = new TreeMap<>();
        for (String line : lines.split("\n")) {
            if (line.isBlank()) continue;
            int space = line.lastIndexOf(' ');
            String stack = line.substring(0, space);
            if (normalize) {
                String[] frames = stack.split(";", -1);
                for (int i = frames[0].matches("\\[.*tid=\\d+\\]") ? 1 : 0; i < frames.length; i++) {
                    String f = frames[i].replaceFirst("_\\[[a-z0-9]\\]$", "");
                    if (f.indexOf('.') < 0) {
                        frames[i] = f.replace(' ', '_');
                        continue;
                    }
                    int hidden = f.indexOf("/0x");
                    f = hidden < 0 ? f.replace('/', '.') : f.substring(0, hidden).replace('/', '.') + f.substring(hidden);
                    frames[i] = f.replaceFirst("\\.(0x[0-9a-f]+\\.[^.]+)$", "/$1");
                }
                stack = String.join(";", frames);
            }
            counts.merge(stack, Long.parseLong(line.substring(space + 1)), Long::sum);
        }
        return counts;
    }

    private static long sum(Map<String, Long> counts) {
        return counts.values().stream().mapToLong(Long::longValue).sum();
    }
}
