package org.candor.core.snapshot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.candor.core.analysis.SnapshotWarnings;
import org.candor.core.model.CallNode;
import org.candor.core.model.FlatProfile;
import org.candor.core.model.MethodInfo;
import org.candor.core.model.MethodTable;
import org.candor.core.model.Metric;
import org.candor.core.model.Snapshot;
import org.candor.core.model.SnapshotInfo;
import org.candor.core.model.ThreadProfile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A checkpoint file with continuations (docs/formats/snapshot.md, "Checkpoint continuations"), written with the real
 * writers, read back as one snapshot by both readers: values added path by path, methods matched across tables by
 * identity, FLAT added, the last part's INFO and STAT; a continuation cut short or damaged left out with a warning;
 * a part that is no continuation refused.
 */
class CheckpointContinuationTest {

    @TempDir Path dir;

    private static final String T0 = "2026-11-28T13:56:55Z";
    private static final String T1 = "2026-11-28T13:56:56Z";
    private static final String T2 = "2026-11-28T13:56:57Z";

    /** A tree as nested lists: {method, calls, total, self, children...}; the root's method is ignored. */
    private static final class Tree implements NodeTable {
        final List<Integer> parents = new ArrayList<>();
        final List<Integer> methods = new ArrayList<>();
        final List<long[]> values = new ArrayList<>();

        Tree(long calls, long total, long self) {
            node(-1, -1, calls, total, self);
        }

        /** Adds a node under {@code parent} and returns its number. */
        int node(int parent, int method, long calls, long total, long self) {
            parents.add(parent);
            methods.add(method);
            values.add(new long[] {calls, total, self});
            return parents.size() - 1;
        }

        @Override public int size() { return parents.size(); }
        @Override public int parent(int node) { return parents.get(node); }
        @Override public int method(int node) { return methods.get(node); }
        @Override public long value(int node, int metric) { return values.get(node)[metric]; }
    }

    /** FLAT rows: method, calls, total, self. */
    private static FlatTable flat(long[]... rows) {
        return new FlatTable() {
            @Override public int size() { return rows.length; }
            @Override public int method(int row) { return (int) rows[row][0]; }
            @Override public long value(int row, int metric) { return rows[row][1 + metric]; }
        };
    }

    private static MethodTable methods(String... names) {
        MethodTable t = new MethodTable();
        for (String n : names) t.add("p.C", n, "()V");
        return t;
    }

    private static SnapshotInfo info(String endTime, boolean continuation) {
        SnapshotInfo info = new SnapshotInfo().put("mode", "instrumentation").put(SnapshotInfo.CHECKPOINT, "true")
                .put(SnapshotInfo.END_TIME, endTime);
        if (continuation) info.put(SnapshotInfo.CHECKPOINT_CONTINUATION, "true");
        return info;
    }

    private static Map<String, Long> stats(long dropped, long x) {
        Map<String, Long> m = new LinkedHashMap<>();
        m.put("calls.dropped", dropped);
        m.put("x", x);
        return m;
    }

    /**
     * Part 0, a whole checkpoint: main (#1) root → a → b; worker (#2) root → c. Methods a, b, c (ids 0, 1, 2).
     */
    private Path checkpoint(String name, SnapshotInfo info) throws IOException {
        Path file = dir.resolve(name);
        try (SnapshotStreamWriter w = SnapshotStreamWriter.openCheckpoint(file)) {
            w.info(info);
            w.metrics(Snapshot.instrumentationMetrics());
            Tree main = new Tree(3, 100, 0);
            int a = main.node(0, 0, 3, 100, 40);
            main.node(a, 1, 2, 60, 60);
            w.thread(1, "main", main, flat(new long[] {0, 3, 100, 40}, new long[] {1, 2, 60, 60}));
            Tree worker = new Tree(1, 10, 0);
            worker.node(0, 2, 1, 10, 10);
            w.thread(2, "worker", worker, flat(new long[] {2, 1, 10, 10}));
            w.methods(methods("a", "b", "c"));
            w.stats(stats(0, 1));
            w.commit();
        }
        return file;
    }

    /**
     * Continuation 1, its own method ids (d 0, b 1, a 2), its threads' changes as CHNG sections (as the agent writes
     * them): main's a grows, b under it too, and d is a new path under a, bigger than b; a new thread #3 comes whole;
     * worker did not change.
     */
    private static void continuation1(Path file) throws IOException {
        try (SnapshotStreamWriter w = SnapshotStreamWriter.openContinuation(file)) {
            w.info(info(T1, true));
            w.metrics(Snapshot.instrumentationMetrics());
            Tree main = new Tree(2, 120, 0);
            int a = main.node(0, 2, 2, 120, 15);
            main.node(a, 0, 1, 90, 90);
            main.node(a, 1, 1, 15, 15);
            w.changes(1, "main", main, flat(new long[] {2, 2, 120, 15}, new long[] {1, 1, 15, 15}, new long[] {0, 1, 90, 90}));
            Tree fresh = new Tree(1, 7, 0);
            fresh.node(0, 0, 1, 7, 7);
            w.changes(3, "fresh", fresh, flat(new long[] {0, 1, 7, 7}));
            w.methods(methods("d", "b", "a"));
            w.stats(stats(3, 2));
            w.commit();
        }
    }

    /** Continuation 2 (b 0, a 1): main's b grows past d again; worker, renamed, gets a new path a. */
    private static void continuation2(Path file) throws IOException {
        try (SnapshotStreamWriter w = SnapshotStreamWriter.openContinuation(file)) {
            w.info(info(T2, true).put("extra", "last"));
            w.metrics(Snapshot.instrumentationMetrics());
            Tree main = new Tree(1, 50, 0);
            int a = main.node(0, 1, 1, 50, 0);
            main.node(a, 0, 1, 50, 50);
            w.changes(1, "main", main, flat(new long[] {1, 1, 50, 0}, new long[] {0, 1, 50, 50}));
            Tree worker = new Tree(0, -2, 0); // values are signed: a calibrated time may shrink
            worker.node(0, 1, 0, -2, -2);
            // a change tree as THRD, as the first writer of continuations wrote them, is read too; FLAT computed by
            // the writer from the delta tree
            w.thread(2, "worker-renamed", worker, null);
            w.methods(methods("b", "a"));
            w.stats(stats(4, 3));
            w.commit();
        }
    }

    /** Threads, paths (by method name, in stored order) and values, FLAT rows by name: what a reader must agree on. */
    private static List<String> dump(Snapshot s) {
        List<String> lines = new ArrayList<>();
        for (ThreadProfile t : s.threads()) {
            lines.add("thread " + t.name() + " #" + t.threadId());
            dump(t.root(), s.methods(), "", lines);
            FlatProfile f = t.flat();
            if (f == null) {
                lines.add("  no flat");
                continue;
            }
            for (int r = 0; r < f.size(); r++) {
                lines.add("  flat " + s.methods().get(f.method(r)).name() + " " + f.value(r, 0) + " " + f.value(r, 1)
                        + " " + f.value(r, 2));
            }
        }
        return lines;
    }

    private static void dump(CallNode n, MethodTable methods, String path, List<String> lines) {
        String here = n.isRoot() ? "root" : path + "/" + methods.get(n.methodId()).name();
        lines.add("  " + here + " " + n.value(0) + " " + n.value(1) + " " + n.value(2));
        for (CallNode c : n.children()) dump(c, methods, here, lines);
    }

    private static Snapshot readInPlace(Path file) throws IOException {
        try (SnapshotFile f = SnapshotFile.open(file)) {
            Snapshot s = SnapshotDecoder.load(f);
            assertThat(SnapshotWarnings.of(f)).as("warnings read in place").isEqualTo(SnapshotWarnings.of(s));
            return s;
        }
    }

    /** Both readers, from the file, its bytes and a stream, give the same snapshot; that one. */
    private static Snapshot read(Path file) throws IOException {
        Snapshot whole = SnapshotReader.read(file);
        byte[] bytes = Files.readAllBytes(file);
        assertThat(dump(readInPlace(file))).as("SnapshotFile").isEqualTo(dump(whole));
        assertThat(dump(SnapshotDecoder.load(SnapshotFile.of(bytes, "mem")))).isEqualTo(dump(whole));
        assertThat(dump(SnapshotReader.read(bytes, "mem"))).isEqualTo(dump(whole));
        Snapshot streamed = SnapshotReader.read(new ByteArrayInputStream(bytes), "pipe");
        assertThat(dump(streamed)).as("stream").isEqualTo(dump(whole));
        assertThat(streamed.info().asMap()).isEqualTo(whole.info().asMap());
        try (SnapshotFile f = SnapshotFile.open(file)) {
            assertThat(f.info().asMap()).isEqualTo(whole.info().asMap());
            assertThat(f.stats()).isEqualTo(whole.stats());
        }
        return whole;
    }

    private static final List<String> AFTER_ONE = List.of(
            "thread main #1",
            "  root 5 220 0",
            "  root/a 5 220 55",
            "  root/a/d 1 90 90", // new, and now the biggest child: first
            "  root/a/b 3 75 75",
            "  flat a 5 220 55",
            "  flat b 3 75 75",
            "  flat d 1 90 90",
            "thread worker #2",
            "  root 1 10 0",
            "  root/c 1 10 10",
            "  flat c 1 10 10",
            "thread fresh #3",
            "  root 1 7 0",
            "  root/d 1 7 7",
            "  flat d 1 7 7");

    @Test
    void aContinuationAddsUpByPathWithMethodsMatchedByIdentity() throws Exception {
        Path file = checkpoint("run.candor", info(T0, false));
        continuation1(file);
        Snapshot s = read(file);
        assertThat(dump(s)).containsExactlyElementsOf(AFTER_ONE);
        assertThat(s.methods().all()).extracting(MethodInfo::name).containsExactly("a", "b", "c", "d");
        Map<String, String> info = s.info().asMap();
        assertThat(info).containsEntry(SnapshotInfo.END_TIME, T1).containsEntry(SnapshotInfo.CHECKPOINT, "true")
                .containsEntry(SnapshotInfo.CHECKPOINT_CONTINUATIONS, "1")
                .containsEntry(SnapshotInfo.CHECKPOINT_WHOLE_TIME, T0)
                .doesNotContainKey(SnapshotInfo.CHECKPOINT_CONTINUATION)
                .doesNotContainKey(SnapshotInfo.CHECKPOINT_LEFT_OUT_BYTES);
        assertThat(s.stats()).containsExactly(Map.entry("calls.dropped", 3L), Map.entry("x", 2L));
        assertThat(SnapshotWarnings.of(s).get(0)).isEqualTo("a checkpoint taken at " + T1 + " (a whole snapshot taken at "
                + T0 + " and 1 continuation added to it) while the program ran: the snapshot at its exit replaces it,"
                + " so either the program still runs or it ended without one (killed, or crashed); what it did after"
                + " the checkpoint is not here");
    }

    @Test
    void everyContinuationIsAddedAndTheLastPartsInfoAndStatisticsAreTaken() throws Exception {
        Path file = checkpoint("run.candor", info(T0, false));
        continuation1(file);
        continuation2(file);
        Snapshot s = read(file);
        assertThat(dump(s)).containsExactly(
                "thread main #1",
                "  root 6 270 0",
                "  root/a 6 270 55",
                "  root/a/b 4 125 125", // past d again: first
                "  root/a/d 1 90 90",
                "  flat a 6 270 55",
                "  flat b 4 125 125",
                "  flat d 1 90 90",
                "thread worker-renamed #2",
                "  root 1 8 0",
                "  root/c 1 10 10",
                "  root/a 0 -2 -2", // a new path, of a negative change
                "  flat a 0 -2 -2",
                "  flat c 1 10 10",
                "thread fresh #3",
                "  root 1 7 0",
                "  root/d 1 7 7",
                "  flat d 1 7 7");
        assertThat(s.info().asMap()).containsEntry(SnapshotInfo.END_TIME, T2).containsEntry("extra", "last")
                .containsEntry(SnapshotInfo.CHECKPOINT_CONTINUATIONS, "2").containsEntry(SnapshotInfo.CHECKPOINT_WHOLE_TIME, T0);
        assertThat(s.stats()).containsExactly(Map.entry("calls.dropped", 4L), Map.entry("x", 3L));
        assertThat(SnapshotWarnings.of(s).get(0)).startsWith("a checkpoint taken at " + T2 + " (a whole snapshot taken at "
                + T0 + " and 2 continuations added to it) while the program ran");
    }

    @Test
    void aContinuationCutShortAnywhereIsLeftOutWithAWarningAndTheEarlierPartsStillAddUp() throws Exception {
        Path file = checkpoint("run.candor", info(T0, false));
        long checkpointEnd = Files.size(file);
        continuation1(file);
        long oneEnd = Files.size(file);
        continuation2(file);
        byte[] all = Files.readAllBytes(file);
        Path cut = dir.resolve("cut.candor");
        for (long at = checkpointEnd + 1; at < all.length; at++) {
            if (at == oneEnd) continue; // a whole part ends there: nothing is cut
            Files.write(cut, Arrays.copyOf(all, (int) at));
            Snapshot s = read(cut);
            long partStart = at < oneEnd ? checkpointEnd : oneEnd;
            String leftOut = String.format(java.util.Locale.ROOT, "%,d", at - partStart);
            assertThat(s.info().get(SnapshotInfo.CHECKPOINT_LEFT_OUT_BYTES)).as("cut at %d", at)
                    .isEqualTo(Long.toString(at - partStart));
            assertThat(SnapshotWarnings.of(s)).as("cut at %d", at).contains("the checkpoint file's last " + leftOut
                    + " bytes were left out: a continuation cut short at offset "
                    + String.format(java.util.Locale.ROOT, "%,d", partStart) + " (the program stopped while appending it,"
                    + " most likely); the snapshot is the parts before it");
            if (at > oneEnd) {
                assertThat(dump(s)).as("cut at %d", at).containsExactlyElementsOf(AFTER_ONE);
                assertThat(s.info().get(SnapshotInfo.CHECKPOINT_CONTINUATIONS)).isEqualTo("1");
            } else {
                assertThat(s.info().get(SnapshotInfo.END_TIME)).as("cut at %d", at).isEqualTo(T0);
                assertThat(s.threads()).extracting(ThreadProfile::name).containsExactly("main", "worker");
                assertThat(s.info().asMap()).doesNotContainKey(SnapshotInfo.CHECKPOINT_CONTINUATIONS);
            }
        }
    }

    @Test
    void aContinuationFailingItsChecksumIsLeftOutWithAllAfterIt() throws Exception {
        Path file = checkpoint("run.candor", info(T0, false));
        long checkpointEnd = Files.size(file);
        continuation1(file);
        continuation2(file);
        byte[] all = Files.readAllBytes(file);
        all[(int) checkpointEnd + 30] ^= 0x01; // in continuation 1's INFO payload: its framing stays whole
        Files.write(file, all);
        Snapshot s = read(file);
        assertThat(s.info().get(SnapshotInfo.END_TIME)).isEqualTo(T0);
        assertThat(s.info().get(SnapshotInfo.CHECKPOINT_LEFT_OUT_BYTES)).isEqualTo(Long.toString(all.length - checkpointEnd));
        assertThat(s.info().get(SnapshotInfo.CHECKPOINT_LEFT_OUT_REASON))
                .isEqualTo(String.format(java.util.Locale.ROOT, "a continuation failing its checksum at offset %,d", checkpointEnd));
        assertThat(s.stats()).containsEntry("x", 1L);
    }

    @Test
    void aContinuationWithOtherMetricsOrWithoutItsMarkIsRefusedInOneLine() throws Exception {
        Path file = checkpoint("metrics.candor", info(T0, false));
        long checkpointEnd = Files.size(file);
        try (SnapshotStreamWriter w = SnapshotStreamWriter.openContinuation(file)) {
            w.info(info(T1, true));
            w.metrics(List.of(Metric.CALLS, Metric.TOTAL_TIME, Metric.RAW_SELF_TIME));
            w.thread(1, "main", new Tree(1, 1, 1), null);
            w.methods(new MethodTable());
            w.commit();
        }
        assertRefused(file, "snapshot " + file + " is corrupt: the continuation at offset " + checkpointEnd
                + " has the metrics (calls count, total_time nanos inclusive, raw_self_time nanos), the checkpoint it"
                + " continues (calls count, total_time nanos inclusive, self_time nanos)");

        Path unmarked = checkpoint("unmarked.candor", info(T0, false));
        try (SnapshotStreamWriter w = SnapshotStreamWriter.openContinuation(unmarked)) {
            w.info(info(T1, false));
            w.metrics(Snapshot.instrumentationMetrics());
            w.methods(new MethodTable());
            w.commit();
        }
        assertRefused(unmarked, "snapshot " + unmarked + " is corrupt: the snapshot at offset " + checkpointEnd
                + " after the checkpoint's END section is no continuation of it (its INFO lacks checkpoint.continuation=true)");
    }

    @Test
    void bytesAfterASnapshotThatIsNoCheckpointAreRefusedAsEver() throws Exception {
        Path file = checkpoint("exit.candor", new SnapshotInfo().put("mode", "instrumentation"));
        long end = Files.size(file);
        continuation1(file);
        // a whole snapshot after it: the file's last 16 bytes are an END section, whose checksum is not the file's
        assertRefused(file, "snapshot " + file + " is corrupt: checksum mismatch");
        byte[] cut = Arrays.copyOf(Files.readAllBytes(file), (int) end + 40);
        Files.write(file, cut);
        assertRefused(file, "snapshot " + file + " is corrupt: 40 bytes follow the END section at offset " + (end - 16));
        assertThatThrownBy(() -> SnapshotReader.read(Files.newInputStream(file), "pipe"))
                .isInstanceOf(SnapshotFormatException.class)
                .hasMessage("snapshot pipe is corrupt: bytes follow the END section at offset " + (end - 16)
                        + " (the stream was read no further)");
    }

    @Test
    void aCheckpointWithoutContinuationsReadsAsEver() throws Exception {
        Path file = checkpoint("plain.candor", info(T0, false));
        Snapshot s = read(file);
        assertThat(s.info().asMap()).doesNotContainKeys(SnapshotInfo.CHECKPOINT_CONTINUATIONS,
                SnapshotInfo.CHECKPOINT_WHOLE_TIME, SnapshotInfo.CHECKPOINT_LEFT_OUT_BYTES);
        assertThat(SnapshotWarnings.of(s).get(0)).startsWith("a checkpoint taken at " + T0 + " while the program ran");
    }

    @Test
    void continuationsNotAddedForWantOfHeapAreSaidSo() {
        SnapshotInfo info = info(T0, false);
        ContinuationSum.notAdded(info, 3, HeapBudget.tooLarge("run.candor", "2.0", 2_000_000, 3L << 30));
        assertThat(info.get(SnapshotInfo.CHECKPOINT_NOT_ADDED)).isEqualTo("3");
        assertThat(SnapshotWarnings.of(Map.of(), info, () -> -1).get(1))
                .startsWith("the checkpoint's 3 continuations were not added (too large to add up in this JVM's heap:"
                        + " its 2,000,000 call paths need about 3.0 GB of memory, this JVM has ")
                .endsWith("): the trees are its whole snapshot's alone, and what changed after it is not here");
    }

    @Test
    void changesInASnapshotThatIsNoContinuationAreRefusedInOneLine() throws Exception {
        Path file = dir.resolve("changes.candor");
        try (SnapshotStreamWriter w = SnapshotStreamWriter.open(file)) {
            w.info(new SnapshotInfo().put("mode", "instrumentation"));
            w.metrics(Snapshot.instrumentationMetrics());
            Tree main = new Tree(1, 5, 0);
            main.node(0, 0, 1, 5, 5);
            w.changes(1, "main", main, flat(new long[] {0, 1, 5, 5}));
            w.methods(methods("a"));
            w.commit();
        }
        int chng = indexOf(Files.readAllBytes(file), "CHNG".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        assertRefused(file, "snapshot " + file + " is corrupt: its CHNG section at offset " + chng + " holds a checkpoint"
                + " continuation's changes, and it is no continuation");
    }

    @Test
    void aChangeNodeWhoseParentDoesNotComeBeforeItIsRefusedInOneLine() throws Exception {
        Path file = checkpoint("back.candor", info(T0, false));
        int partStart = (int) Files.size(file);
        continuation1(file);
        byte[] all = Files.readAllBytes(file);
        // main's CHNG: section header (12), head (thread id 1, name 5, count 1), the root's values (2, 120 in two
        // bytes, 0), then node 1's distance back to its parent
        int chng = indexOf(all, "CHNG".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        int firstNode = chng + 12 + 1 + 5 + 1 + 4;
        assertThat(all[firstNode]).isEqualTo((byte) 1);
        all[firstNode] = 2;
        Files.write(file, RawSnapshotFile.withChecksum(all, partStart));
        assertRefused(file, "snapshot " + file + " is corrupt: section CHNG at offset " + (chng + 12)
                + ": change node 1 of thread main (#1) has its parent 2 nodes back; it must be one of the 1 before it");
    }

    private static int indexOf(byte[] all, byte[] what) {
        outer:
        for (int i = 0; i + what.length <= all.length; i++) {
            for (int j = 0; j < what.length; j++) if (all[i + j] != what[j]) continue outer;
            return i;
        }
        throw new AssertionError("not found");
    }

    private static void assertRefused(Path file, String message) {
        assertThatThrownBy(() -> SnapshotReader.read(file)).isInstanceOf(SnapshotFormatException.class).hasMessage(message);
        assertThatThrownBy(() -> SnapshotFile.open(file)).isInstanceOf(SnapshotFormatException.class).hasMessage(message);
    }
}
