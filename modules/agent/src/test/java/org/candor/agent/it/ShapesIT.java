package org.candor.agent.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.candor.core.model.Snapshot;
import org.candor.core.snapshot.SnapshotReader;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Exact invocation counts per call path for a program of known shape, profiled with the Total scheme. */
class ShapesIT {

    static final String MAIN = "org.candor.it.targets.Shapes";
    static final String INCLUDE = "include=org.candor.it.targets.**";
    @TempDir static Path dir;
    static AgentRun plain;
    static AgentRun profiled;
    static Snapshot snapshot;
    static TreePaths main;

    @BeforeAll
    static void run() throws Exception {
        plain = AgentRun.plain(MAIN);
        profiled = AgentRun.profiled(dir, INCLUDE, MAIN);
        snapshot = SnapshotReader.read(profiled.snapshot);
        main = new TreePaths(snapshot, TreePaths.thread(snapshot, "main"));
    }

    @Test
    void programBehavesExactlyAsWithoutTheAgent() {
        assertThat(plain.exitCode).as(plain.toString()).isZero();
        assertThat(profiled.exitCode).as(profiled.toString()).isEqualTo(plain.exitCode);
        assertThat(profiled.stdout).isEqualTo(plain.stdout);
        assertThat(profiled.stderr).isEqualTo(plain.stderr);
    }

    @Test
    void nestedLoopsCountEveryCall() {
        assertThat(main.calls("Shapes.main")).isEqualTo(1);
        assertThat(main.calls("Shapes.main > Shapes.nested")).isEqualTo(1);
        assertThat(main.calls("Shapes.main > Shapes.nested > Shapes.b")).isEqualTo(3);
        assertThat(main.calls("Shapes.main > Shapes.nested > Shapes.b > Shapes.c")).isEqualTo(6);
    }

    @Test
    void recursionGetsOneNodePerDepthWithExactCounts() {
        Map<Integer, Long> perDepth = new TreeMap<>();
        fibCalls(12, 1, perDepth);
        String path = "Shapes.main";
        for (Map.Entry<Integer, Long> e : perDepth.entrySet()) {
            path += " > Shapes.fib";
            assertThat(main.calls(path)).as("fib calls at depth %d", e.getKey()).isEqualTo(e.getValue());
        }
        assertThat(main.byPath).doesNotContainKey(path + " > Shapes.fib");
        String chain = "Shapes.main";
        for (int i = 0; i <= 20; i++) {
            chain += " > Shapes.countdown";
            assertThat(main.calls(chain)).isEqualTo(1);
        }
    }

    private static void fibCalls(int n, int depth, Map<Integer, Long> perDepth) {
        perDepth.merge(depth, 1L, Long::sum);
        if (n >= 2) {
            fibCalls(n - 1, depth + 1, perDepth);
            fibCalls(n - 2, depth + 1, perDepth);
        }
    }

    @Test
    void anExceptionThroughThreeFramesClosesEachOfThem() {
        String t3 = "Shapes.main > Shapes.catcher > Shapes.thrower3";
        assertThat(main.calls(t3)).isEqualTo(2);
        assertThat(main.calls(t3 + " > Shapes.thrower2")).isEqualTo(2);
        assertThat(main.calls(t3 + " > Shapes.thrower2 > Shapes.thrower1")).isEqualTo(2);
        // the code after the catch runs in the catcher, not under the frames the exception left
        assertThat(main.calls("Shapes.main > Shapes.catcher > Shapes.afterCatch")).isEqualTo(2);
        assertThat(main.total(t3 + " > Shapes.thrower2 > Shapes.thrower1")).isPositive()
                .isLessThanOrEqualTo(main.total(t3 + " > Shapes.thrower2"));
        assertThat(main.total(t3)).isLessThanOrEqualTo(main.total("Shapes.main > Shapes.catcher"));
    }

    @Test
    void anExceptionBeforeSuperInAConstructorIsClosedAtTheCatch() {
        String ctor = "Shapes.main > Shapes.catchFromConstructor > Shapes$Refused.<init>";
        assertThat(main.calls(ctor)).isEqualTo(1);
        assertThat(main.calls(ctor + " > Shapes.divideByZero")).isEqualTo(1);
        assertThat(main.calls("Shapes.main > Shapes.catchFromConstructor > Shapes.afterConstructor")).isEqualTo(1);
        assertThat(main.byPath.keySet()).noneMatch(p -> p.contains("<init> > Shapes.afterConstructor"));
    }

    @Test
    void constructorsStaticInitialisersAndSynchronizedMethods() {
        assertThat(main.calls("Shapes.main > Shapes$Point.<init>")).isEqualTo(4);
        assertThat(main.calls("Shapes.main > Shapes$Point.sum")).isEqualTo(4);
        assertThat(main.calls("Shapes.main > Shapes$Holder.<clinit>")).isEqualTo(1);
        assertThat(main.calls("Shapes.main > Shapes$Holder.<clinit> > Shapes$Holder.compute")).isEqualTo(1);
        assertThat(main.calls("Shapes.main > Shapes$Counter.increment")).isEqualTo(5);
        assertThat(main.calls("Shapes.main > Shapes$Counter.value")).isEqualTo(1);
    }

    @Test
    void lambdasAndMethodReferences() {
        assertThat(main.calls("Shapes.main > Shapes.lambdas > Shapes.lambda$lambdas$0")).isEqualTo(3);
        assertThat(main.calls("Shapes.main > Shapes.lambdas > Shapes.lambda$lambdas$0 > Shapes.c")).isEqualTo(3);
        assertThat(main.calls("Shapes.main > Shapes.lambdas > Shapes.twice")).isEqualTo(1);
        // ArrayList.forEach is JDK code, excluded: the consumer shows directly under its caller
        assertThat(main.calls("Shapes.main > Shapes.lambdas > Shapes.consume")).isEqualTo(4);
    }

    @Test
    void recordsEnumsAndInterfaceMethods() {
        assertThat(main.calls("Shapes.main > Shapes$Pair.<init>")).isEqualTo(1);
        assertThat(main.calls("Shapes.main > Shapes$Pair.sum")).isEqualTo(1);
        assertThat(main.calls("Shapes.main > Shapes$Color.<clinit>")).isEqualTo(1);
        assertThat(main.calls("Shapes.main > Shapes$Color.<clinit> > Shapes$Color.<init>")).isEqualTo(2);
        assertThat(main.calls("Shapes.main > Shapes$Color.weight")).isEqualTo(1);
        assertThat(main.calls("Shapes.main > Shapes$Shape.doubled")).isEqualTo(1);
        assertThat(main.calls("Shapes.main > Shapes$Shape.doubled > Shapes$Square.area")).isEqualTo(1);
        assertThat(main.calls("Shapes.main > Shapes$Square.area")).isEqualTo(1);
        assertThat(main.calls("Shapes.main > Shapes$Shape.unit")).isEqualTo(1);
    }

    @Test
    void stackOverflowIsSurvivedAndTheTreeStaysConsistent() {
        assertThat(profiled.stdout).contains("overflow caught=true");
        assertThat(main.calls("Shapes.main > Shapes.overflow > Shapes.afterOverflow")).isEqualTo(1);
        assertThat(main.calls("Shapes.main > Shapes.overflow > Shapes.deep")).isEqualTo(1);
    }

    @Test
    void hiddenClassesAreInstrumentedThroughTheirDefinition() {
        assertThat(main.calls("Shapes.main > Shapes.hidden")).isEqualTo(1);
        assertThat(main.calls("Shapes.main > Shapes.hidden > HiddenTarget.answer")).isEqualTo(1);
        assertThat(main.calls("Shapes.main > Shapes.hidden > HiddenTarget.answer > HiddenTarget.helper")).isEqualTo(1);
    }

    @Test
    void jdk25GivesTheSameTree() throws Exception {
        Path jdk25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64");
        Assumptions.assumeTrue(Files.isDirectory(jdk25), "no JDK 25 at " + jdk25);
        Path dir25 = Files.createDirectories(dir.resolve("jdk25"));
        AgentRun run25 = AgentRun.profiled(jdk25.toString(), true, dir25, INCLUDE, MAIN);
        assertThat(run25.exitCode).as(run25.toString()).isZero();
        assertThat(run25.stdout).isEqualTo(plain.stdout);
        assertThat(run25.stderr).isEmpty();
        Snapshot s25 = SnapshotReader.read(run25.snapshot);
        TreePaths main25 = new TreePaths(s25, TreePaths.thread(s25, "main"));
        assertThat(callsOutsideOverflow(main25)).isEqualTo(callsOutsideOverflow(main));
    }

    /** Every path and its calls, except the recursion into a stack overflow, whose depth depends on the JVM. */
    private static Map<String, Long> callsOutsideOverflow(TreePaths tree) {
        Map<String, Long> out = new TreeMap<>();
        tree.byPath.keySet().stream().filter(p -> !p.contains("Shapes.deep > Shapes.deep"))
                .forEach(p -> out.put(p, tree.calls(p)));
        return out;
    }

    @Test
    void selfTimeIsTotalMinusChildrenAndNeverNegative() {
        List<String> bad = new ArrayList<>();
        main.byPath.forEach((path, node) -> {
            long childTotal = node.children().stream().mapToLong(c -> c.value(1)).sum();
            if (node.value(2) < 0 || node.value(2) != Math.max(0, node.value(1) - childTotal)) bad.add(path);
        });
        assertThat(bad).isEmpty();
        assertThat(snapshot.stat(Snapshot.STAT_DROPPED_CALLS)).isZero();
    }
}
