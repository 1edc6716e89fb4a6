package org.candor.agent.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.candor.agent.verify.VerificationCorpusIT;
import org.candor.core.model.CallNode;
import org.candor.core.model.FlatProfile;
import org.candor.core.model.MethodInfo;
import org.candor.core.model.Snapshot;
import org.candor.core.model.ThreadProfile;
import org.candor.core.snapshot.SnapshotReader;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;

/**
 * A real program behaves exactly as without the agent: javac (in the named module jdk.compiler, instrumented whole
 * with {@code include=com.sun.tools.javac.**}) compiling part of Guava's sources, from the Guava sources jar of the
 * test class path. Exit code, stdout, stderr and every class file written must be the same as in a plain run, and
 * the profile must hold javac's own call tree.
 */
class JavacWorkloadIT {

    /** Under the build directory (the agent directory), whatever the working directory. */
    static final Path WORK = AgentRun.AGENT_DIR.resolve("javac-workload");
    static final Path SOURCES = WORK.resolve("guava-src");
    static final String JDK25 = "/usr/lib/jvm/temurin-25-jdk-amd64";
    static final List<String> PACKAGES = List.of("com/google/common/base/", "com/google/common/primitives/",
            "com/google/common/math/");
    static final List<String> PACKAGES_SMALL = List.of("com/google/common/base/");
    static final String JAVAC_COMPILER = "com.sun.tools.javac.main.JavaCompiler";
    /** JavaCompiler.compile(Collection files, Collection classnames, Iterable processors, Collection addModules) */
    static final String COMPILE_DESC =
            "(Ljava/util/Collection;Ljava/util/Collection;Ljava/lang/Iterable;Ljava/util/Collection;)V";
    static final String OPTIONS = "include=com.sun.tools.javac.**";
    static String classPath;

    @BeforeAll
    static void unpackGuavaSources() throws IOException {
        Path sourcesJar = VerificationCorpusIT.jarOf("com/google/common/base/Preconditions.java");
        classPath = Stream.of("com/google/common/collect/ImmutableList.class", // the rest of Guava
                        "com/google/common/util/concurrent/internal/InternalFutureFailureAccess.class",
                        "javax/annotation/CheckForNull.class",
                        "org/checkerframework/checker/nullness/qual/Nullable.class",
                        "com/google/errorprone/annotations/CanIgnoreReturnValue.class",
                        "com/google/j2objc/annotations/J2ObjCIncompatible.class")
                .map(r -> VerificationCorpusIT.jarOf(r).toString())
                .collect(Collectors.joining(java.io.File.pathSeparator));
        deleteTree(WORK);
        Files.createDirectories(SOURCES);
        try (JarFile jar = new JarFile(sourcesJar.toFile())) {
            for (JarEntry e : (Iterable<JarEntry>) jar.stream()::iterator) {
                if (e.isDirectory() || !e.getName().endsWith(".java")) continue;
                if (PACKAGES.stream().noneMatch(e.getName()::startsWith)) continue;
                Path target = SOURCES.resolve(e.getName());
                Files.createDirectories(target.getParent());
                try (InputStream in = jar.getInputStream(e)) {
                    Files.copy(in, target);
                }
            }
        }
    }

    @Test
    void javacCompilesGuavaIdenticallyWithTheAgentAndItsTreeIsInTheProfile() throws Exception {
        String home = System.getProperty("java.home");
        Run plain = Run.javac(home, "jdk-default-plain", PACKAGES, false);
        Run profiled = Run.javac(home, "jdk-default-profiled", PACKAGES, true);
        assertSameBehaviour(plain, profiled);
        checkProfile(plain, profiled);
    }

    static boolean jdk25Present() {
        return Files.isExecutable(Paths.get(JDK25, "bin", "java"));
    }

    @Test
    @EnabledIf("jdk25Present")
    void javacOfJdk25CompilesIdenticallyWithTheAgent() throws Exception {
        Run plain = Run.javac(JDK25, "jdk25-plain", PACKAGES_SMALL, false);
        Run profiled = Run.javac(JDK25, "jdk25-profiled", PACKAGES_SMALL, true);
        assertSameBehaviour(plain, profiled);
        checkProfile(plain, profiled);
    }

    private static void assertSameBehaviour(Run plain, Run profiled) {
        assertThat(plain.exitCode).as("plain javac failed:\n%s", plain).isZero();
        assertThat(plain.classFiles).as("class files written by plain javac").hasSizeGreaterThan(PACKAGES_SMALL.size() * 50);
        assertThat(profiled.exitCode).as("profiled javac:\n%s", profiled).isEqualTo(plain.exitCode);
        assertThat(profiled.stdout).as("stdout").isEqualTo(plain.stdout);
        assertThat(profiled.stderr).as("stderr").isEqualTo(plain.stderr);
        List<String> differing = new ArrayList<>();
        for (String f : plain.classFiles.keySet()) {
            if (!plain.classFiles.get(f).equals(profiled.classFiles.get(f))) differing.add(f);
        }
        for (String f : profiled.classFiles.keySet()) if (!plain.classFiles.containsKey(f)) differing.add(f + " (extra)");
        assertThat(differing).as("class files that differ (digest plain %s, profiled %s)", plain.digest, profiled.digest)
                .isEmpty();
        assertThat(profiled.digest).isEqualTo(plain.digest);
    }

    private static void checkProfile(Run plain, Run profiled) throws IOException {
        Snapshot s = SnapshotReader.read(profiled.snapshot);
        ThreadProfile main = TreePaths.thread(s, "main");
        List<CallNode> compile = new ArrayList<>();
        long mainCalls = 0;
        long allCalls = 0;
        int calls = s.metricIndex("calls");
        int total = s.metricIndex("total_time");
        for (ThreadProfile t : s.threads()) {
            List<CallNode> todo = new ArrayList<>(t.root().children());
            while (!todo.isEmpty()) {
                CallNode n = todo.remove(todo.size() - 1);
                allCalls += n.value(calls);
                if (t == main) {
                    mainCalls += n.value(calls);
                    MethodInfo m = s.methods().get(n.methodId());
                    if (m.className().equals(JAVAC_COMPILER) && m.name().equals("compile")
                            && m.descriptor().equals(COMPILE_DESC)) {
                        compile.add(n);
                    }
                }
                todo.addAll(n.children());
            }
        }
        long nodes = s.threads().stream().mapToLong(t -> t.root().subtreeSize()).sum();
        long mainTotal = main.root().children().stream().mapToLong(n -> n.value(total)).sum();
        long compileTotal = compile.stream().mapToLong(n -> n.value(total)).sum();
        System.out.printf("%s: %d class files, digest %s%n", profiled.label, plain.classFiles.size(), plain.digest);
        System.out.printf("  wall time plain %.1f s, profiled %.1f s (x%.1f); snapshot %d KiB%n",
                plain.wallNanos / 1e9, profiled.wallNanos / 1e9, (double) profiled.wallNanos / plain.wallNanos,
                Files.size(profiled.snapshot) / 1024);
        System.out.printf("  classes instrumented %d, failed %d; methods instrumented %d, too large %d; "
                        + "instrumentation time %.2f s%n",
                s.stat(Snapshot.STAT_INSTRUMENTED_CLASSES), s.stat(Snapshot.STAT_FAILED_CLASSES),
                s.stat(Snapshot.STAT_INSTRUMENTED_METHODS), s.stat("methods.too_large"),
                s.stat("instrumentation.time_ns") / 1e9);
        System.out.printf("  calls recorded %d (main thread %d), dropped %d; threads %s; JavaCompiler.compile %d call(s), "
                        + "%.1f %% of main's time%n",
                allCalls, mainCalls, s.stat(Snapshot.STAT_DROPPED_CALLS), s.threads(),
                compile.stream().mapToLong(n -> n.value(calls)).sum(), 100.0 * compileTotal / Math.max(1, mainTotal));
        System.out.printf("  call-tree nodes %d; snapshot stats %s%n", nodes, s.stats());

        assertThat(s.stat(Snapshot.STAT_FAILED_CLASSES)).as("classes the agent failed to instrument").isZero();
        assertThat(s.stat(Snapshot.STAT_DROPPED_CALLS)).as("calls dropped").isZero();
        // the flat profile beside each tree counts the same calls as the tree, method by method summed
        for (ThreadProfile t : s.threads()) {
            FlatProfile flat = t.flat();
            assertThat(flat).as("flat profile of %s", t.name()).isNotNull();
            long flatCalls = 0;
            for (int r = 0; r < flat.size(); r++) flatCalls += flat.value(r, calls);
            assertThat(flatCalls).as("calls of %s, flat and in the tree", t.name()).isEqualTo(TreePaths.allCalls(s, t));
        }
        assertThat(s.stat(Snapshot.STAT_INSTRUMENTED_METHODS)).as("methods instrumented").isGreaterThan(5_000);
        assertThat(s.stat(Snapshot.STAT_INSTRUMENTED_CLASSES)).as("classes instrumented").isGreaterThan(500);
        assertThat(compile).as("main thread's nodes for JavaCompiler.compile%s", COMPILE_DESC).hasSize(1);
        assertThat(compile.get(0).value(calls)).as("calls of JavaCompiler.compile").isEqualTo(1);
        assertThat(compileTotal).as("JavaCompiler.compile's share of main's time").isGreaterThan(mainTotal / 2);
        assertThat(mainCalls).as("calls recorded on main").isGreaterThan(1_000_000);
    }

    /** One javac run in a child JVM, with or without the agent. */
    static final class Run {
        final String label;
        final int exitCode;
        final String stdout;
        final String stderr;
        final long wallNanos;
        final Map<String, String> classFiles;
        final String digest;
        final Path snapshot;

        private Run(String label, int exitCode, String stdout, String stderr, long wallNanos,
                    Map<String, String> classFiles, String digest, Path snapshot) {
            this.label = label;
            this.exitCode = exitCode;
            this.stdout = stdout;
            this.stderr = stderr;
            this.wallNanos = wallNanos;
            this.classFiles = classFiles;
            this.digest = digest;
            this.snapshot = snapshot;
        }

        static Run javac(String javaHome, String label, List<String> packages, boolean agent)
                throws IOException, InterruptedException {
            Path dir = WORK.resolve(label);
            Path out = dir.resolve("out");
            Files.createDirectories(out);
            List<String> sources;
            try (Stream<Path> files = Files.walk(SOURCES)) {
                sources = files.filter(p -> p.toString().endsWith(".java"))
                        .filter(p -> packages.stream().anyMatch(
                                pkg -> SOURCES.relativize(p).toString().replace('\\', '/').startsWith(pkg)))
                        .map(p -> SOURCES.relativize(p).toString())
                        .sorted()
                        .collect(Collectors.toList());
            }
            Path argFile = dir.resolve("sources.txt");
            Files.write(argFile, sources);

            Path snapshot = dir.resolve("javac.candor");
            List<String> cmd = new ArrayList<>();
            cmd.add(Paths.get(javaHome, "bin", "java").toString());
            if (agent) {
                cmd.add("-agentpath:" + AgentRun.AGENT_DIR.resolve("libcandor.so"));
                cmd.add("-javaagent:" + AgentRun.AGENT_DIR.resolve("candor-agent.jar") + "=output=" + snapshot
                        + ",quiet," + OPTIONS);
            }
            cmd.addAll(List.of("-m", "jdk.compiler/com.sun.tools.javac.Main", "-nowarn", "-proc:none",
                    "-encoding", "UTF-8", "-d", out.toString(), "-cp", classPath, "@" + argFile));
            Path stdout = dir.resolve("stdout.txt");
            Path stderr = dir.resolve("stderr.txt");
            long start = System.nanoTime();
            // relative source paths, so that javac's messages do not name the run's own directory
            Process p = new ProcessBuilder(cmd).directory(SOURCES.toFile())
                    .redirectOutput(stdout.toFile()).redirectError(stderr.toFile()).start();
            if (!p.waitFor(5, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                throw new AssertionError("javac timed out: " + cmd);
            }
            long wall = System.nanoTime() - start;
            Map<String, String> classFiles = new TreeMap<>();
            MessageDigest all = sha256();
            try (Stream<Path> files = Files.walk(out)) {
                for (Path f : (Iterable<Path>) files.filter(x -> x.toString().endsWith(".class")).sorted()::iterator) {
                    byte[] bytes = Files.readAllBytes(f);
                    String name = out.relativize(f).toString();
                    classFiles.put(name, HexFormat.of().formatHex(sha256().digest(bytes)));
                    all.update(name.getBytes(StandardCharsets.UTF_8));
                    all.update(bytes);
                }
            }
            return new Run(label, p.exitValue(), Files.readString(stdout), Files.readString(stderr), wall, classFiles,
                    HexFormat.of().formatHex(all.digest()), agent ? snapshot : null);
        }

        @Override
        public String toString() {
            return label + ": exit " + exitCode + "\n--- stdout\n" + tail(stdout) + "--- stderr\n" + tail(stderr);
        }

        private static String tail(String s) {
            return s.length() <= 4000 ? s : "..." + s.substring(s.length() - 4000);
        }
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) return;
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.delete(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }
}
