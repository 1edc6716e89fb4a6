package org.candor.agent.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.candor.core.model.CallNode;
import org.candor.core.model.Snapshot;
import org.candor.core.snapshot.SnapshotReader;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Lazy and Eager follow an interface call to the code a receiver inherits from a superclass that does not implement
 * the interface (InheritedVisitors: PMD's visitor shape, the superclass loaded first, the subclass loaded after the
 * call was expanded, a default method called on the class): every such call is recorded under the root, as often
 * as it ran, and the tree under the root is Total's.
 */
class InheritedImplementationsIT {

    static final String MAIN = "org.candor.it.targets.InheritedVisitors";
    static final String INCLUDE = "include=org.candor.it.targets.InheritedVisitors*,calibration=off";
    static final String ROOT = "root=org.candor.it.targets.InheritedVisitors$Root.visit";
    static final String VISIT = "InheritedVisitors$Root.visit";
    static final long ROUNDS = 5;
    @TempDir static Path dir;
    static AgentRun plain;
    static AgentRun total;
    static AgentRun lazy;
    static AgentRun eager;

    @BeforeAll
    static void run() throws Exception {
        plain = AgentRun.plain(MAIN);
        total = AgentRun.profiled(Files.createDirectory(dir.resolve("total")), INCLUDE, MAIN);
        lazy = AgentRun.profiled(Files.createDirectory(dir.resolve("lazy")), INCLUDE + ",scheme=lazy,lookahead=0," + ROOT, MAIN);
        eager = AgentRun.profiled(Files.createDirectory(dir.resolve("eager")), INCLUDE + ",scheme=eager," + ROOT, MAIN);
    }

    @Test
    void theProgramRunsAsWithoutTheAgent() {
        for (AgentRun r : new AgentRun[] {total, lazy, eager}) {
            assertThat(r.exitCode).as(r.toString()).isZero();
            assertThat(r.stdout).isEqualTo(plain.stdout);
            assertThat(r.stderr).isEqualTo(plain.stderr);
        }
    }

    @Test
    void lazyRecordsTheInheritedImplementations() throws Exception {
        assertInheritedCallsRecorded(lazy);
    }

    @Test
    void eagerRecordsTheInheritedImplementations() throws Exception {
        assertInheritedCallsRecorded(eager);
    }

    @Test
    void bothRecordTotalsTreeUnderTheRoot() throws Exception {
        Map<String, Long> underTotal = underRoot(total, "InheritedVisitors.main > ");
        assertThat(underTotal).as("Total's tree under the root").hasSizeGreaterThan(20);
        assertThat(underRoot(lazy, "")).isEqualTo(underTotal);
        assertThat(underRoot(eager, "")).isEqualTo(underTotal);
    }

    private static void assertInheritedCallsRecorded(AgentRun r) throws Exception {
        Snapshot s = SnapshotReader.read(r.snapshot);
        TreePaths main = new TreePaths(s, TreePaths.thread(s, "main"));
        assertThat(main.calls(VISIT)).isEqualTo(ROUNDS);
        // the PMD shape: JavaVisitorBase inherits visitNode from AstVisitorBase, which does not implement Visitor
        assertThat(main.calls(VISIT + " > InheritedVisitors$Visitor.visitJavaNode"
                + " > InheritedVisitors$AstVisitorBase.visitNode")).isEqualTo(ROUNDS);
        assertThat(main.calls(VISIT + " > InheritedVisitors$Visitor.visitJavaNode"
                + " > InheritedVisitors$AstVisitorBase.visitNode > InheritedVisitors.work")).isEqualTo(ROUNDS);
        // the superclass loaded before the subclass that implements the interface
        assertThat(main.calls(VISIT + " > InheritedVisitors$EarlyVisitor.visitJavaNode"
                + " > InheritedVisitors$EarlyBase.visitNode")).isEqualTo(ROUNDS);
        // subclasses loaded after visitJavaNode was expanded: superclass loaded before, and with it
        String late = VISIT + " > InheritedVisitors$LateVisitor.visitJavaNode > ";
        assertThat(main.calls(late + "InheritedVisitors$FirstLate.visitNode")).isEqualTo(ROUNDS);
        assertThat(main.calls(late + "InheritedVisitors$LateBase.visitNode")).isEqualTo(ROUNDS);
        assertThat(main.calls(late + "InheritedVisitors$LateFreshBase.visitNode")).isEqualTo(ROUNDS);
        // a default method called on the class (invokevirtual), inherited from the interface
        assertThat(main.calls(VISIT + " > InheritedVisitors$DefaultVisitor.visitJavaNode"
                + " > InheritedVisitors$DefaultBase.visitNode")).isEqualTo(ROUNDS);
    }

    /** Call paths from the root down, with their call counts. */
    private static Map<String, Long> underRoot(AgentRun r, String prefix) throws Exception {
        Snapshot s = SnapshotReader.read(r.snapshot);
        TreePaths main = new TreePaths(s, TreePaths.thread(s, "main"));
        Map<String, Long> out = new TreeMap<>();
        int calls = s.metricIndex("calls");
        for (Map.Entry<String, CallNode> e : main.byPath.entrySet()) {
            if (e.getKey().startsWith(prefix + VISIT)) {
                out.merge(e.getKey().substring(prefix.length()), e.getValue().value(calls), Long::sum);
            }
        }
        return out;
    }
}
