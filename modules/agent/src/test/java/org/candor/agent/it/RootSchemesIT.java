package org.candor.agent.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.candor.core.model.CallNode;
import org.candor.core.model.Snapshot;
import org.candor.core.model.ThreadProfile;
import org.candor.core.snapshot.SnapshotReader;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Lazy and Eager schemes against Total on one program (RootedServer): the same tree under the root, nothing
 * recorded outside it, an override whose class loads after the root first ran recorded under it, and instrumented
 * counts ordered as the NetBeans profiler describes them (invoked &lt;= lazy &lt; eager &lt; total).
 */
class RootSchemesIT {

    static final String MAIN = "org.candor.it.targets.RootedServer";
    static final String INCLUDE = "include=org.candor.it.targets.RootedServer*,calibration=off";
    static final String ROOT = "root=org.candor.it.targets.RootedServer$Server.handle";
    static final String HANDLE = "RootedServer$Server.handle";
    @TempDir static Path dir;
    static AgentRun plain;
    static AgentRun total;
    static AgentRun lazy;
    static AgentRun eager;
    static AgentRun lazyAhead;

    @BeforeAll
    static void run() throws Exception {
        plain = AgentRun.plain(MAIN);
        total = AgentRun.profiled(Files.createDirectory(dir.resolve("total")), INCLUDE, MAIN);
        lazy = AgentRun.profiled(Files.createDirectory(dir.resolve("lazy")), INCLUDE + ",scheme=lazy,lookahead=0," + ROOT, MAIN);
        eager = AgentRun.profiled(Files.createDirectory(dir.resolve("eager")), INCLUDE + ",scheme=eager," + ROOT, MAIN);
        lazyAhead = AgentRun.profiled(Files.createDirectory(dir.resolve("ahead")),
                INCLUDE + ",scheme=lazy,lookahead=1," + ROOT, MAIN);
    }

    @Test
    void theProgramRunsAsWithoutTheAgent() {
        for (AgentRun r : new AgentRun[] {total, lazy, eager, lazyAhead}) {
            assertThat(r.exitCode).as(r.toString()).isZero();
            assertThat(r.stdout).isEqualTo(plain.stdout);
            assertThat(r.stderr).isEqualTo(plain.stderr);
        }
    }

    @Test
    void lazyRecordsOnlyInsideTheRootAndFollowsAnOverrideLoadedLater() throws Exception {
        Snapshot s = SnapshotReader.read(lazy.snapshot);
        TreePaths main = new TreePaths(s, TreePaths.thread(s, "main"));
        ThreadProfile t = TreePaths.thread(s, "main");
        assertThat(t.root().children()).as("top-level calls").hasSize(1);
        assertThat(main.calls(HANDLE)).isEqualTo(6);
        // requests 0..2 use PlainCodec, 3..5 LateCodec, which loads at request 3
        assertThat(main.calls(HANDLE + " > RootedServer$Codec.twice > RootedServer$PlainCodec.encode")).isEqualTo(6);
        assertThat(main.calls(HANDLE + " > RootedServer$Codec.twice > RootedServer$LateCodec.encode")).isEqualTo(6);
        assertThat(main.calls(HANDLE + " > RootedServer$Codec.twice > RootedServer$LateCodec.encode > RootedServer$LateCodec.mix"))
                .isEqualTo(6);
        assertThat(main.calls(HANDLE + " > RootedServer$Codecs.late > RootedServer$LateCodec.<init>")).isEqualTo(1);
        assertThat(main.calls(HANDLE + " > RootedServer$Server.apply")).isEqualTo(6);
        assertThat(main.calls(HANDLE + " > RootedServer$Response.<init>")).isEqualTo(6);
        for (String path : main.byPath.keySet()) {
            assertThat(path).as("recorded outside the root").startsWith(HANDLE).doesNotContain("outside");
        }
    }

    @Test
    void allThreeSchemesRecordTheSameTreeUnderTheRoot() throws Exception {
        Map<String, Long> underTotal = underRoot(total, "RootedServer.main > ");
        Map<String, Long> underLazy = underRoot(lazy, "");
        Map<String, Long> underEager = underRoot(eager, "");
        assertThat(underTotal).as("Total's tree under the root").hasSizeGreaterThan(8);
        assertThat(underLazy).isEqualTo(underTotal);
        assertThat(underEager).isEqualTo(underTotal);
        assertThat(underRoot(lazyAhead, "")).isEqualTo(underTotal);
    }

    @Test
    void lookAheadExpandsFewerMethodsAtTheirFirstRunAndInstrumentsSomeMore() throws Exception {
        assertThat(stat(lazyAhead, "scheme.methods_expanded")).isLessThan(stat(lazy, "scheme.methods_expanded"));
        assertThat(stat(lazyAhead, Snapshot.STAT_INSTRUMENTED_METHODS))
                .isGreaterThanOrEqualTo(stat(lazy, Snapshot.STAT_INSTRUMENTED_METHODS))
                .isLessThanOrEqualTo(stat(eager, Snapshot.STAT_INSTRUMENTED_METHODS));
        assertThat(stat(lazyAhead, Snapshot.STAT_INVOKED_METHODS)).isEqualTo(stat(lazy, Snapshot.STAT_INVOKED_METHODS));
    }

    @Test
    void instrumentedCountsAreOrderedAsTheSeedDescribes() throws Exception {
        long invoked = stat(lazy, Snapshot.STAT_INVOKED_METHODS);
        long lazyCount = stat(lazy, Snapshot.STAT_INSTRUMENTED_METHODS);
        long eagerCount = stat(eager, Snapshot.STAT_INSTRUMENTED_METHODS);
        long totalCount = stat(total, Snapshot.STAT_INSTRUMENTED_METHODS);
        String counts = String.format("invoked %d, lazy %d, eager %d, total %d", invoked, lazyCount, eagerCount, totalCount);
        assertThat(invoked).as(counts).isEqualTo(stat(eager, Snapshot.STAT_INVOKED_METHODS));
        assertThat(lazyCount).as(counts).isGreaterThanOrEqualTo(invoked).isLessThan(eagerCount);
        assertThat(eagerCount).as(counts).isLessThan(totalCount);
        // lazy instruments only what invoked methods may call: here the never-taken rare() besides the invoked ones
        assertThat(lazyCount - invoked).as(counts).isLessThanOrEqualTo(3);
        assertThat(stat(lazy, "scheme.root_methods")).isEqualTo(1);
        assertThat(stat(lazy, "scheme.methods_expanded")).as("expanded at first run: the invoked ones")
                .isEqualTo(invoked);
    }

    private static long stat(AgentRun r, String key) throws Exception {
        return SnapshotReader.read(r.snapshot).stat(key);
    }

    /** Call paths from the root down, with their call counts; lambda proxies' generated numbers left out. */
    private static Map<String, Long> underRoot(AgentRun r, String prefix) throws Exception {
        Snapshot s = SnapshotReader.read(r.snapshot);
        TreePaths main = new TreePaths(s, TreePaths.thread(s, "main"));
        Map<String, Long> out = new TreeMap<>();
        int calls = s.metricIndex("calls");
        for (Map.Entry<String, CallNode> e : main.byPath.entrySet()) {
            if (!e.getKey().startsWith(prefix + HANDLE)) continue;
            String path = e.getKey().substring(prefix.length()).replaceAll("\\$\\$Lambda[^.]*", "\\$\\$Lambda");
            out.merge(path, e.getValue().value(calls), Long::sum);
        }
        return out;
    }
}
