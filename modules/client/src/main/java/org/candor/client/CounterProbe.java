package org.candor.client;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Asks libcandor.so which metrics this machine and user can read, and what a read costs: runs the agent's
 * {@code org.candor.agent.counters.CounterTable} in a small JVM of its own with {@code -agentpath:libcandor.so=counters}
 * (the library tries each counter for real with perf_event_open).
 */
public final class CounterProbe {

    private static final String TABLE = "org.candor.agent.counters.CounterTable";
    private static final long TIMEOUT_SECONDS = 120;

    /** One metric: whether it can be read here, how, at what cost, or why not. */
    public record MetricStatus(String name, String unit, boolean available, Double nanosPerRead, String readBy, String reason,
                         String description) {

        static MetricStatus parse(String line) throws ClientException {
            String[] f = line.split("\t", -1);
            if (f.length != 7) throw new ClientException("unexpected line from " + TABLE + ": " + line);
            Double cost = f[3].equals("-") ? null : Double.valueOf(f[3]);
            return new MetricStatus(f[0], f[1], f[2].equals("available"), cost, f[4], f[5], f[6]);
        }
    }

    private final AgentFiles agent;

    public CounterProbe(AgentFiles agent) {
        this.agent = agent;
    }

    /** Every metric of the library's catalogue, each available one with its measured cost per read. */
    public List<MetricStatus> list() throws ClientException, InterruptedException {
        return run(List.of());
    }

    /** One metric, not measured: quick enough to ask before a session starts. */
    public MetricStatus check(String metric) throws ClientException, InterruptedException {
        List<MetricStatus> rows = run(List.of("check", metric));
        if (rows.size() != 1) throw new ClientException("libcandor.so does not know the metric '" + metric + "'");
        return rows.get(0);
    }

    private List<MetricStatus> run(List<String> args) throws ClientException, InterruptedException {
        Path lib = agent.nativeLibrary();
        if (lib == null) {
            throw new ClientException("reading counters needs " + AgentFiles.NATIVE_LIBRARY + ", which is not in " + agent.dir()
                    + " (build agent-native with g++)");
        }
        List<String> command = new ArrayList<>(List.of(Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:+UseSerialGC", "-Xmx64m", "-agentpath:" + lib + "=counters", "-cp", agent.agentJar().toString(), TABLE));
        command.addAll(args);
        Path out = null;
        Path err = null;
        try {
            out = Files.createTempFile("candor-counters", ".out");
            err = Files.createTempFile("candor-counters", ".err");
            Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new ClientException("listing the counters took over " + TIMEOUT_SECONDS + " s; gave up");
            }
            List<String> errors = Files.readAllLines(err, StandardCharsets.UTF_8);
            if (p.exitValue() != 0) {
                String why = errors.isEmpty() ? "exit code " + p.exitValue() : errors.get(0).replaceFirst("^candor: (error: )?", "");
                throw new ClientException("cannot list the counters: " + why);
            }
            List<MetricStatus> rows = new ArrayList<>();
            for (String line : Files.readAllLines(out, StandardCharsets.UTF_8)) {
                if (!line.isEmpty()) rows.add(MetricStatus.parse(line));
            }
            return rows;
        } catch (IOException e) {
            throw new ClientException("cannot list the counters: " + e.getMessage(), e);
        } finally {
            deleteQuietly(out);
            deleteQuietly(err);
        }
    }

    private static void deleteQuietly(Path file) {
        if (file == null) return;
        try {
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // a temp file; the OS cleans it eventually
        }
    }
}
