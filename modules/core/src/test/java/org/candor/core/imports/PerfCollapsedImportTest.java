package org.candor.core.imports;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.candor.core.model.CallNode;
import org.candor.core.model.Snapshot;
import org.candor.core.model.ThreadProfile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Collapsed stacks from a real {@code perf record -g} of a small C program, folded from {@code perf script} as
 * stackcollapse-perf folds them (the command, then the frames outermost first, symbols without their offsets, one
 * count a sample), imported: every sample is there, each function's self samples are the samples perf saw it on top
 * of, and the program's known shape shows (hot() spins three times as long as cold()). Skipped where perf or a C
 * compiler is missing or perf may not record (perf_event_paranoid).
 */
class PerfCollapsedImportTest {

    private static final String PROGRAM = "volatile unsigned long sink;\n"
            + "__attribute__((noinline)) void spin(unsigned long n) { for (unsigned long i = 0; i < n; i++) sink += i * 7; }\n"
            + "__attribute__((noinline)) void hot(void) { spin(30000000UL); }\n"
            + "__attribute__((noinline)) void cold(void) { spin(10000000UL); }\n"
            // in turns, so that a busy neighbour (another CPU thread of the same core: CI's own JVMs) slows both alike;
            // run one after the other, hot() once spun 4.7 times as long as cold() in CPU time on a loaded CI machine
            + "int main(void) { for (int r = 0; r < 10; r++) { hot(); cold(); } return 0; }\n";

    @TempDir Path tmp;

    @Test
    void perfScriptFoldedReadsBackSampleForSample() throws Exception {
        Path source = Files.writeString(tmp.resolve("hot.c"), PROGRAM);
        Path program = tmp.resolve("hot");
        assumeTrue(run(tmp, "cc", "-O0", "-fno-omit-frame-pointer", "-o", program.toString(), source.toString()) == 0,
                "no C compiler");
        Path data = tmp.resolve("perf.data");
        assumeTrue(run(tmp, "perf", "record", "-q", "-F", "499", "-g", "-o", data.toString(), program.toString()) == 0,
                "perf cannot record here");
        Path script = tmp.resolve("perf.script");
        assertThat(run(tmp, script, "perf", "script", "-i", data.toString())).isZero();

        // stackcollapse-perf's folding: a sample a block, its header line, then its frames leaf first
        Map<String, Long> folded = new TreeMap<>();
        Map<String, Long> leaves = new TreeMap<>();
        long samples = 0;
        List<String> frames = new ArrayList<>();
        String command = null;
        for (String line : Files.readAllLines(script, StandardCharsets.UTF_8)) {
            if (line.isBlank()) {
                if (command != null && !frames.isEmpty()) {
                    leaves.merge(frames.get(0), 1L, Long::sum);
                    Collections.reverse(frames);
                    folded.merge(command + ";" + String.join(";", frames), 1L, Long::sum);
                    samples++;
                }
                command = null;
                frames.clear();
            } else if (!Character.isWhitespace(line.charAt(0))) {
                command = line.substring(0, line.indexOf(' '));
            } else {
                String[] f = line.trim().split("\\s+");
                String symbol = f.length > 1 ? f[1] : "[unknown]";
                int offset = symbol.indexOf("+0x");
                frames.add(offset > 0 ? symbol.substring(0, offset) : symbol);
            }
        }
        assertThat(samples).as("perf's samples").isGreaterThan(50);
        StringBuilder text = new StringBuilder();
        folded.forEach((stack, count) -> text.append(stack).append(' ').append(count).append('\n'));
        Path file = Files.writeString(tmp.resolve("perf.folded"), text);

        Snapshot s = ProfileFiles.importSnapshot(file, ProfileFiles.formatOf(file));
        assertThat(s.info().get(ProfileFiles.IMPORT_FORMAT)).isEqualTo("collapsed");
        ThreadProfile all = s.threads().get(0);
        assertThat(all.root().value(2)).as("every sample").isEqualTo(samples);
        Map<String, Long> selfSamples = JfrImportTest.selfSamples(s);
        assertThat(selfSamples).containsEntry("[vm].spin", leaves.get("spin"));
        for (Map.Entry<String, Long> leaf : leaves.entrySet()) {
            if (leaf.getKey().indexOf('.') < 0) assertThat(selfSamples).containsEntry("[vm]." + leaf.getKey(), leaf.getValue());
        }
        long hot = total(s, all.root(), "hot");
        long cold = total(s, all.root(), "cold");
        assertThat(cold).as("cold() was sampled").isPositive();
        assertThat((double) hot / cold).as("hot() spins three times as long as cold()").isBetween(2.0, 4.5);
    }

    /** The samples through every node of the function's name, anywhere in the tree. */
    private static long total(Snapshot s, CallNode node, String function) {
        long sum = 0;
        for (CallNode child : node.children()) {
            if (s.methods().get(child.methodId()).name().equals(function)) sum += child.value(2);
            else sum += total(s, child, function);
        }
        return sum;
    }

    private static int run(Path dir, String... command) throws Exception {
        return run(dir, null, command);
    }

    /** The command's exit status, its output to {@code out} (or dropped); -1 when it cannot be started. */
    private static int run(Path dir, Path out, String... command) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(out == null);
        pb.redirectOutput(out != null ? ProcessBuilder.Redirect.to(out.toFile()) : ProcessBuilder.Redirect.DISCARD);
        if (out != null) pb.redirectError(ProcessBuilder.Redirect.DISCARD);
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            return -1; // not installed
        }
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return -1;
        }
        return p.exitValue();
    }
}
