package org.candor.ui.model.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.candor.core.analysis.ChildOrder;
import org.candor.core.model.CallNode;
import org.candor.core.model.MethodInfo;
import org.candor.core.model.Snapshot;
import org.candor.core.snapshot.SnapshotFile;
import org.candor.core.snapshot.SnapshotReader;
import org.candor.core.snapshot.SnapshotWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One file opened both ways, whole into memory and read in place, shows the same figures in every view: the same
 * thread choices, rows (every one, expanded all the way, in the same order), hot path, hot spots, searches, back
 * traces, flame graph frames and header lines, calibrated and raw. And which way a file is opened is decided by its
 * size, in one place.
 */
class SnapshotSourceTest {

    @TempDir Path dir;

    private Path write(Snapshot s) throws IOException {
        Path file = dir.resolve("s.candor");
        SnapshotWriter.write(s, file);
        return file;
    }

    @Test
    void aFileOpenedWholeOrInPlaceShowsTheSameInEveryView() throws Exception {
        Path file = write(TestSnapshots.random(3, 6_000, 11));
        try (SnapshotSource whole = SnapshotSource.of(SnapshotReader.read(file));
             SnapshotSource inPlace = SnapshotSource.inPlace(SnapshotFile.open(file))) {
            assertThat(whole.readsFile()).isFalse();
            assertThat(inPlace.readsFile()).isTrue();
            for (boolean raw : new boolean[] {false, true}) {
                List<String> a = everything(whole.withRawTimes(raw));
                List<String> b = everything(inPlace.withRawTimes(raw));
                assertThat(a).as("raw %s", raw).hasSizeGreaterThan(6_000);
                assertThat(b).as("raw %s", raw).isEqualTo(a);
            }
        }
    }

    @Test
    void theShopShowsTheSameEitherWayToo() throws Exception {
        Path file = write(TestSnapshots.shop());
        try (SnapshotSource whole = SnapshotSource.of(SnapshotReader.read(file));
             SnapshotSource inPlace = SnapshotSource.inPlace(SnapshotFile.open(file))) {
            assertThat(everything(inPlace)).isEqualTo(everything(whole));
        }
    }

    /** What every view shows of every thread choice, one line per thing shown. */
    private static List<String> everything(SnapshotSource s) throws IOException {
        List<String> lines = new ArrayList<>();
        SnapshotSummary summary = new SnapshotSummary(s);
        lines.add("session " + summary.sessionLine());
        lines.add("statistics " + summary.statisticsLine());
        lines.add("warnings " + summary.warnings());
        for (ThreadChoice choice : s.threadChoices()) {
            lines.add("choice " + choice);
            SelectedThreads shown = s.select(choice);
            lines.add("whole " + shown.whole());
            StringBuilder totals = new StringBuilder("totals");
            for (int k = 0; k < s.metrics().size(); k++) totals.append(' ').append(shown.totals(k));
            lines.add(totals.toString());
            for (CallTreeRow r : shown.hotPath()) lines.add("hot " + java.util.Arrays.toString(r.methodPath()));
            rows(shown.rows(), lines);
            HotSpotRows spots = HotSpotRows.of(s, shown);
            for (int r = 0; r < spots.rowCount(); r++) {
                StringBuilder row = new StringBuilder("spot");
                for (int c = 0; c < spots.columnCount(); c++) row.append(" | ").append(spots.cell(r, c));
                lines.add(row.toString());
            }
            for (int method : new int[] {0, 1, 7, 42, 299}) {
                int[] first = shown.find(null, id -> id == method);
                lines.add("find " + method + " " + (first == null ? "none" : java.util.Arrays.toString(first)
                        + " then " + java.util.Arrays.toString(shown.find(first, id -> id == method))));
                if (first == null) continue;
                CallNode back = shown.backTraces(method);
                lines.add("back traces " + method);
                rows(CallTreeRow.root(back.parent(), new ChildOrder(s.methods(), 1)), lines);
            }
            CallNode tree = shown.flameTree(new int[0], 0.001).root();
            FlameGraph graph = FlameGraph.of(s, shown, tree, tree, 0.001);
            for (FlameGraph.Frame f : graph.frames()) {
                lines.add("frame " + graph.name(f) + " " + f.depth() + " " + f.x() + " " + f.width() + " " + graph.describe(f));
            }
        }
        return lines;
    }

    /** Every row below {@code root}, expanded all the way: depth, method and values, in display order. */
    private static void rows(CallTreeRow root, List<String> lines) {
        java.util.ArrayDeque<CallTreeRow> todo = new java.util.ArrayDeque<>();
        for (int i = root.childCount() - 1; i >= 0; i--) todo.push(root.child(i));
        while (!todo.isEmpty()) {
            CallTreeRow r = todo.pop();
            StringBuilder line = new StringBuilder("row ").append(r.path().length - 1).append(' ').append(r.methodId());
            for (int k = 0; k < 3; k++) line.append(' ').append(r.value(k));
            lines.add(line.toString());
            for (int i = r.childCount() - 1; i >= 0; i--) todo.push(r.child(i));
        }
    }

    @Test
    void aRowReadInPlaceReadsOnlyWhatIsExpanded() throws Exception {
        Path file = dir.resolve("deep.candor");
        long[] levels = TestSnapshots.writeDeep(file, 20_000, 100);
        try (SnapshotSource s = SnapshotSource.inPlace(SnapshotFile.open(file))) {
            SelectedThreads main = s.select(s.threadChoices().get(1));
            assertThat(main.choice().label()).isEqualTo("main (#1)");
            CallTreeRow root = main.rows();
            assertThat(root.readsFile()).isTrue();
            // the hot path: main, then the chain, sixteen levels; their children are read, nothing below
            assertThat(main.hotPath()).hasSize(15);
            CallTreeRow last = main.hotPath().get(14);
            assertThat(last.childrenMade()).isTrue();
            CallTreeRow below = last.child(0);
            assertThat(below.childrenMade()).isFalse();
            assertThat(below.isLeaf()).isFalse();

            int[] deepest = main.find(null, id -> s.methods().get(id).name().equals("level99"));
            assertThat(deepest).hasSize(101);
            CallTreeRow row = root.at(deepest);
            assertThat(row.value(TestSnapshots.TOTAL)).isEqualTo(levels[99]);
            assertThat(row.value(TestSnapshots.CALLS)).isEqualTo(1);
            assertThat(row.childCount()).as("its leaves").isEqualTo(TestSnapshots.DEEP_LEAVES);
        }
    }

    @Test
    void filesUpToAMillionPathsAreReadWholeLargerOnesInPlace() throws Exception {
        Path small = dir.resolve("small.candor");
        TestSnapshots.writeDeep(small, 20_000, 10);
        try (SnapshotSource s = SnapshotSource.open(small)) {
            assertThat(s.readsFile()).isFalse();
        }
        Path large = dir.resolve("large.candor");
        TestSnapshots.writeDeep(large, (int) SnapshotSource.WHOLE_UP_TO_PATHS + 1_000, 10);
        try (SnapshotSource s = SnapshotSource.open(large)) {
            assertThat(s.readsFile()).isTrue();
            assertThat(s.paths()).isGreaterThan(SnapshotSource.WHOLE_UP_TO_PATHS);
            assertThat(new SnapshotSummary(s).details()).contains(new SnapshotSummary.Detail("Trees",
                    "read in place from the file, " + DisplayUnits.count(s.paths()) + " call paths"));
        }
    }

    @Test
    void aSmallHeapReadsInPlaceWhatALargerOneReadsWhole() {
        long gb = 1L << 30;
        assertThat(SnapshotSource.readsWhole(1_000_000, 5, gb)).as("1 M paths, 5 values, 1 GB").isTrue();
        assertThat(SnapshotSource.readsWhole(1_000_001, 5, 64 * gb)).as("past the paths, any heap").isFalse();
        assertThat(SnapshotSource.readsWhole(1_000_000, 5, gb / 4)).as("1 M paths in 256 MB").isFalse();
        assertThat(SnapshotSource.readsWhole(300_000, 5, gb / 4)).as("300,000 paths in 256 MB").isTrue();
    }

    @Test
    void backTracesReadInPlaceCountEveryCallOfTheMethod() throws Exception {
        Path file = dir.resolve("deep.candor");
        TestSnapshots.writeDeep(file, 20_000, 100);
        try (SnapshotSource s = SnapshotSource.inPlace(SnapshotFile.open(file))) {
            SelectedThreads all = s.select(s.threadChoices().get(0));
            int leaf = -1;
            for (MethodInfo m : s.methods().all()) if (m.signature().startsWith("com.acme.deep.Leaf.leaf0(")) leaf = m.id();
            CallNode back = all.backTraces(leaf);
            // leaf0 is called on 101 paths: from each level, one of them in worker; its callers lead to the roots
            assertThat(back.value(TestSnapshots.CALLS)).isEqualTo(101);
        }
    }

    @Test
    void collapsedStacksOpenImportedInMemory() throws Exception {
        Path file = java.nio.file.Files.writeString(dir.resolve("app.collapsed"),
                "[main tid=1];com.acme.Main.run;com.acme.Main.work 7\n[main tid=1];com.acme.Main.run 3\n");
        try (SnapshotSource source = SnapshotSource.open(file)) {
            assertThat(source.readsFile()).isFalse();
            assertThat(source.threadCount()).isEqualTo(1);
            assertThat(source.info().get("import.format")).isEqualTo("collapsed");
        }
    }
}
