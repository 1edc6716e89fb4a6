package org.candor.core.snapshot;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import org.candor.core.model.MethodTable;
import org.candor.core.model.Snapshot;
import org.candor.core.model.SnapshotInfo;
import org.candor.core.testing.DamageArbitraries;
import org.candor.core.testing.FuzzBudget;
import org.candor.core.testing.FuzzChecks;
import org.candor.core.testing.Mutant;

/**
 * Damaged checkpoint continuations (docs/formats/snapshot.md 4.1), as the agent appends them: each thread's changes a
 * CHNG section. The last continuation of a file the real writers wrote is damaged and given the checksum of its bytes
 * (else it is left out as cut short before anything of it is decoded), then read as {@code candor report} and the app
 * read it ({@link SnapshotReaderFuzzTest#read}): read, with the damaged part added or left out, or refused in one
 * line naming the file; never another exception, a hang or an allocation sized by a length the part claims.
 */
class ContinuationFuzzTest {

    private final FuzzChecks.Tally tally = SnapshotReaderFuzzTest.tally(20, "the mutations reach the continuation's checks");

    /** The budget: 1000 mutants, the same every run ({@link FuzzBudget} for more). */
    @Property(tries = 1000, seed = "20261128", edgeCases = EdgeCasesMode.NONE)
    @AddLifecycleHook(FuzzBudget.class)
    void damagedContinuationsReadOrAreRefusedInOneLine(@ForAll("continuations") Mutant mutant) {
        tally.judge(() -> SnapshotReaderFuzzTest.read(mutant.bytes, SnapshotReaderFuzzTest.NAME));
    }

    @Provide
    Arbitrary<Mutant> continuations() throws Exception {
        Path dir = Files.createTempDirectory("candor-continuation-fuzz");
        try {
            Path file = dir.resolve("run.candor");
            checkpoint(file);
            continuation(file, 1);
            int lastStart = (int) Files.size(file);
            continuation(file, 2);
            byte[] seed = Files.readAllBytes(file);
            byte[] head = Arrays.copyOf(seed, lastStart);
            byte[] last = Arrays.copyOfRange(seed, lastStart, seed.length);
            return DamageArbitraries.mutants("continuation", last).map(m -> {
                byte[] all = Arrays.copyOf(head, head.length + m.bytes.length);
                System.arraycopy(m.bytes, 0, all, head.length, m.bytes.length);
                return SnapshotReaderFuzzTest.withChecksum(m.withBytes(all, "the last continuation: " + m.description),
                        head.length);
            });
        } finally {
            try (var files = Files.list(dir)) {
                for (Path p : (Iterable<Path>) files::iterator) Files.deleteIfExists(p);
            }
            Files.deleteIfExists(dir);
        }
    }

    private static SnapshotInfo info(boolean continuation) {
        SnapshotInfo info = new SnapshotInfo().put(SnapshotInfo.MODE, "instrumentation")
                .put(SnapshotInfo.CHECKPOINT, "true").put(SnapshotInfo.END_TIME, "2026-11-28T13:56:55Z");
        if (continuation) info.put(SnapshotInfo.CHECKPOINT_CONTINUATION, "true");
        return info;
    }

    private static MethodTable methods(int n) {
        MethodTable t = new MethodTable();
        for (int i = 0; i < n; i++) t.add("p.C" + i, "m" + i, "()V");
        return t;
    }

    /** Part 0: one thread, a chain of 12 under a fan of 6. */
    private static void checkpoint(Path file) throws Exception {
        try (SnapshotStreamWriter w = SnapshotStreamWriter.openCheckpoint(file)) {
            w.info(info(false));
            w.metrics(Snapshot.instrumentationMetrics(true));
            w.thread(1, "main", tree(18, 0), null);
            w.methods(methods(18));
            w.commit();
        }
    }

    /** A continuation as the agent writes it: CHNG per thread with its FLAT; a second thread new in it. */
    private static void continuation(Path file, int k) throws Exception {
        try (SnapshotStreamWriter w = SnapshotStreamWriter.openContinuation(file)) {
            w.info(info(true));
            w.metrics(Snapshot.instrumentationMetrics(true));
            ArrayTree main = tree(18, k);
            w.changes(1, "main", main, main.flat());
            ArrayTree fresh = tree(5, k + 1);
            w.changes(2 + k, "worker-" + k, fresh, fresh.flat());
            w.methods(methods(18));
            w.commit();
        }
    }

    /** Nodes 1..fan-1 under the root, then a chain under the last of them; values that vary with {@code k}. */
    private static ArrayTree tree(int n, int k) {
        int fan = Math.min(6, n);
        int[] parent = new int[n];
        parent[0] = -1;
        for (int i = 1; i < n; i++) parent[i] = i < fan ? 0 : i - 1;
        long[][] values = new long[5][n];
        for (int i = n - 1; i >= 1; i--) {
            long self = 1000L * (i + k) + 7;
            values[0][i] = i + k;
            values[2][i] = self;
            values[4][i] = self + 300;
            values[1][i] += self;
            values[3][i] += self + 300;
            if (parent[i] > 0) {
                values[1][parent[i]] += values[1][i];
                values[3][parent[i]] += values[3][i];
            }
        }
        for (int i = 1; i < fan; i++) {
            values[0][0] += values[0][i];
            values[1][0] += values[1][i];
            values[3][0] += values[3][i];
        }
        return new ArrayTree(parent, values);
    }

    /** A tree of arrays; methods are node numbers - 1. */
    private static final class ArrayTree implements NodeTable {
        final int[] parent;
        final long[][] values;

        ArrayTree(int[] parent, long[][] values) {
            this.parent = parent;
            this.values = values;
        }

        @Override public int size() { return parent.length; }
        @Override public int parent(int node) { return parent[node]; }
        @Override public int method(int node) { return node - 1; }
        @Override public long value(int node, int metric) { return values[metric][node]; }

        /** One row a node (each method once), its own values. */
        FlatTable flat() {
            return new FlatTable() {
                @Override public int size() { return parent.length - 1; }
                @Override public int method(int row) { return row; }
                @Override public long value(int row, int metric) { return values[metric][row + 1]; }
            };
        }
    }
}
