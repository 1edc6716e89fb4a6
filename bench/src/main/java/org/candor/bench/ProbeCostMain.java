package org.candor.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Runs {@link ProbeCost} (and optionally {@link ProbeVariants}) with the Candor agent in every forked JVM, writes the
 * raw JMH results as JSON and prints the summary: instrumented call cost, floor, their ratio, and the goal line.
 *
 * <pre>
 *   java -cp bench/target/benchmarks.jar org.candor.bench.ProbeCostMain [--agent-dir DIR] [--forks N]
 *        [--warmup N] [--iterations N] [--time SECONDS] [--results DIR] [--jvm JAVA] [--goal NS]
 *        [--no-nanotime] [--investigate] [--only-investigate]
 * </pre>
 * The agent directory (candor-agent.jar, candor-probe.jar, libcandor.so) comes from {@code --agent-dir}, else the
 * system property {@code candor.agent.dir}, else {@code ../modules/agent/target} (run from bench/) or
 * {@code modules/agent/target} (run from the repository root).
 */
public final class ProbeCostMain {

    static final String INCLUDE = "org.candor.bench.instrumented.**";

    private ProbeCostMain() {}

    public static void main(String[] args) throws Exception {
        Settings s;
        try {
            s = Settings.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("probe-cost: " + e.getMessage());
            System.exit(2);
            return;
        }
        Path work = Files.createTempDirectory("candor-bench");
        int rc;
        try {
            rc = run(s, work);
        } finally {
            deleteTree(work);
        }
        System.exit(rc);
    }

    private static int run(Settings s, Path work) throws RunnerException, IOException {
        Files.createDirectories(s.results);
        String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        List<String> out = new ArrayList<>();
        out.add("# candor probe cost, " + stamp + ", " + s.describe());

        Map<String, Result<?>> r = new LinkedHashMap<>();
        if (!s.onlyInvestigate) {
            collect(r, "", runConfig(s, work, "native", true,
                    ProbeCost.class.getName() + "\\.(uninstrumented|instrumented|floor)$", stamp + "-native"));
            if (s.nanoTime) {
                collect(r, "NanoTime", runConfig(s, work, "nanotime", false,
                        ProbeCost.class.getName() + "\\.(uninstrumented|instrumented)$", stamp + "-nanotime"));
            }
        }
        if (s.investigate) {
            collect(r, "", runConfig(s, work, "native", true,
                    ProbeVariants.class.getName() + "\\.", stamp + "-variants"));
        }

        out.add("");
        out.add("raw scores (ns/op, ± 99.9% confidence half-width):");
        for (Map.Entry<String, Result<?>> e : r.entrySet()) {
            out.add(String.format(Locale.ROOT, "  %-28s %8.2f ± %5.2f", e.getKey(), e.getValue().getScore(),
                    e.getValue().getScoreError()));
        }
        out.add("");
        if (!s.onlyInvestigate) {
            Diff base = Diff.of(r.get("uninstrumented"));
            Diff x = Diff.minus(r.get("instrumented"), base);
            Diff y = Diff.minus(r.get("floor"), base);
            out.add("instrumented call cost = instrumented - uninstrumented = " + x + " ns per call (entry + exit)");
            out.add("floor = floor - uninstrumented = " + y + " ns");
            double ratio = x.value / y.value;
            double ratioErr = Math.abs(ratio) * Math.hypot(x.error / x.value, y.error / y.value);
            out.add(String.format(Locale.ROOT, "ratio X/Y = %.2f ± %.2f", ratio, ratioErr));
            if (s.nanoTime) {
                Diff n = Diff.minus(r.get("instrumentedNanoTime"), Diff.of(r.get("uninstrumentedNanoTime")));
                out.add("instrumented call cost with System.nanoTime (agent without libcandor.so) = " + n + " ns");
            }
            boolean pass = x.value <= s.goal;
            String margin = x.value + x.error <= s.goal || x.value - x.error > s.goal ? ""
                    : " (the goal is inside the error bar)";
            out.add(String.format(Locale.ROOT, "goal: <= %.0f ns on this machine: %s%s", s.goal,
                    pass ? "PASS" : "FAIL", margin));
        }
        if (s.investigate) {
            out.add("");
            out.add("investigation (each minus uninstrumented of the same run, ns per call):");
            Diff vbase = Diff.of(r.get("v_uninstrumented"));
            for (String name : r.keySet()) {
                if (!name.startsWith("v_") || name.equals("v_uninstrumented")) continue;
                out.add(String.format(Locale.ROOT, "  %-26s %s", name.substring(2), Diff.minus(r.get(name), vbase)));
            }
        }
        out.add("");
        out.add("JSON: " + s.results.resolve("probe-cost-" + stamp + "-*.json"));

        for (String line : out) System.out.println(line);
        Path summary = s.results.resolve("probe-cost-" + stamp + "-summary.txt");
        Files.write(summary, out, StandardCharsets.UTF_8);
        Files.write(s.results.resolve("latest-summary.txt"), out, StandardCharsets.UTF_8);
        return 0;
    }

    /** Runs the benchmarks matching {@code regex} in forks with the agent (and libcandor.so when {@code nativeClock}). */
    private static Collection<RunResult> runConfig(Settings s, Path work, String clock, boolean nativeClock,
                                                   String regex, String name) throws RunnerException {
        List<String> jvmArgs = new ArrayList<>();
        jvmArgs.add("-Xms512m");
        jvmArgs.add("-Xmx512m");
        if (nativeClock) jvmArgs.add("-agentpath:" + s.agentDir.resolve("libcandor.so"));
        jvmArgs.add("-javaagent:" + s.agentDir.resolve("candor-agent.jar") + "=include=" + INCLUDE
                + ",quiet,output=" + work.resolve(name + ".candor"));
        jvmArgs.add("-D" + AgentCheck.CLOCK_PROPERTY + "=" + clock);
        jvmArgs.addAll(s.extraJvmArgs);
        System.out.println("probe-cost: " + name + ": forked JVMs run with " + String.join(" ", jvmArgs));
        ChainedOptionsBuilder o = new OptionsBuilder()
                .include(regex)
                .forks(s.forks)
                .warmupIterations(s.warmup)
                .warmupTime(TimeValue.seconds(s.time))
                .measurementIterations(s.iterations)
                .measurementTime(TimeValue.seconds(s.time))
                .timeUnit(TimeUnit.NANOSECONDS)
                .jvmArgs(jvmArgs.toArray(new String[0]))
                .shouldFailOnError(true)
                .result(s.results.resolve("probe-cost-" + name + ".json").toString())
                .resultFormat(ResultFormatType.JSON);
        if (s.jvm != null) o.jvm(s.jvm);
        Collection<RunResult> results = new Runner(o.build()).run();
        if (results.isEmpty()) throw new IllegalStateException("JMH ran nothing for " + regex);
        return results;
    }

    /** Keys: the method name, plus {@code suffix}; ProbeVariants' methods get a "v_" prefix. */
    private static void collect(Map<String, Result<?>> into, String suffix, Collection<RunResult> results) {
        for (RunResult rr : results) {
            String bench = rr.getParams().getBenchmark();
            String method = bench.substring(bench.lastIndexOf('.') + 1);
            boolean variant = bench.startsWith(ProbeVariants.class.getName() + ".");
            into.put((variant ? "v_" : "") + method + suffix, rr.getPrimaryResult());
        }
    }

    /** A score with its error bar; differences add the (independent) errors in quadrature. */
    static final class Diff {
        final double value;
        final double error;

        Diff(double value, double error) {
            this.value = value;
            this.error = error;
        }

        static Diff of(Result<?> r) {
            if (r == null) throw new IllegalStateException("a benchmark result is missing");
            return new Diff(r.getScore(), finite(r.getScoreError()));
        }

        static Diff minus(Result<?> r, Diff base) {
            Diff a = of(r);
            return new Diff(a.value - base.value, Math.hypot(a.error, base.error));
        }

        private static double finite(double e) {
            return Double.isFinite(e) ? e : 0;
        }

        @Override public String toString() {
            return String.format(Locale.ROOT, "%.1f ± %.1f", value, error);
        }
    }

    static final class Settings {
        Path agentDir;
        Path results = Paths.get("results");
        int forks = 2;
        int warmup = 5;
        int iterations = 5;
        int time = 1;
        double goal = 60;
        String jvm;
        boolean nanoTime = true;
        boolean investigate;
        boolean onlyInvestigate;
        final List<String> extraJvmArgs = new ArrayList<>();

        static Settings parse(String[] args) {
            Settings s = new Settings();
            String dir = System.getProperty("candor.agent.dir");
            for (int i = 0; i < args.length; i++) {
                String a = args[i];
                switch (a) {
                    case "--agent-dir": dir = value(args, ++i, a); break;
                    case "--results": s.results = Paths.get(value(args, ++i, a)); break;
                    case "--forks": s.forks = positive(value(args, ++i, a), a); break;
                    case "--warmup": s.warmup = positive(value(args, ++i, a), a); break;
                    case "--iterations": s.iterations = positive(value(args, ++i, a), a); break;
                    case "--time": s.time = positive(value(args, ++i, a), a); break;
                    case "--goal": s.goal = positive(value(args, ++i, a), a); break;
                    case "--jvm": s.jvm = value(args, ++i, a); break;
                    case "--jvm-arg": s.extraJvmArgs.add(value(args, ++i, a)); break;
                    case "--no-nanotime": s.nanoTime = false; break;
                    case "--investigate": s.investigate = true; break;
                    case "--only-investigate": s.investigate = true; s.onlyInvestigate = true; break;
                    default: throw new IllegalArgumentException("unknown argument '" + a + "'");
                }
            }
            s.agentDir = agentDir(dir);
            s.results = s.results.toAbsolutePath();
            return s;
        }

        private static Path agentDir(String given) {
            Path dir;
            if (given != null) {
                dir = Paths.get(given);
            } else {
                dir = Paths.get("..", "modules", "agent", "target");
                if (!Files.isDirectory(dir)) dir = Paths.get("modules", "agent", "target");
            }
            dir = dir.toAbsolutePath().normalize();
            for (String f : new String[] {"candor-agent.jar", "candor-probe.jar", "libcandor.so"}) {
                if (!Files.isRegularFile(dir.resolve(f))) {
                    throw new IllegalArgumentException("agent directory " + dir + " has no " + f
                            + " (build it: mvn -B -q -pl modules/agent -am install -DskipTests)");
                }
            }
            return dir;
        }

        private static String value(String[] args, int i, String name) {
            if (i >= args.length) throw new IllegalArgumentException(name + " needs a value");
            return args[i];
        }

        private static int positive(String v, String name) {
            try {
                int n = Integer.parseInt(v);
                if (n < 1) throw new NumberFormatException();
                return n;
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(name + " must be a positive whole number, not '" + v + "'");
            }
        }

        String describe() {
            return String.format(Locale.ROOT, "%d forks x (%d warmup + %d measurement) x %d s, jvm %s, agent %s",
                    forks, warmup, iterations, time, jvm != null ? jvm : System.getProperty("java.home"), agentDir);
        }
    }

    private static void deleteTree(Path dir) {
        try (var walk = Files.walk(dir)) {
            walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException | UncheckedIOException e) {
            System.err.println("probe-cost: could not delete " + dir + ": " + e.getMessage());
        }
    }
}
