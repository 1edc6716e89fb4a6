package org.candor.bench.encode;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.SplittableRandom;
import org.candor.core.model.MethodTable;
import org.candor.core.model.Snapshot;
import org.candor.core.model.SnapshotInfo;
import org.candor.core.snapshot.NodeTable;
import org.candor.core.snapshot.SnapshotStreamWriter;

/**
 * What writing a snapshot of a big tree costs the program that writes it (a live refresh's share in the target):
 * a random bushy tree of N nodes and five value columns (a calibrated instrumentation tree), written whole through
 * {@link SnapshotStreamWriter} R times after W warm-up writes; prints the CPU time per write and per node.
 *
 * <p>{@code java -cp candor-bench.jar org.candor.bench.encode.EncodeCost [nodes] [rounds] [warmup] [dir]}
 */
public final class EncodeCost {

    private static final org.candor.core.snapshot.FlatTable NO_ROWS = new org.candor.core.snapshot.FlatTable() {
        @Override public int size() { return 0; }
        @Override public int method(int row) { return 0; }
        @Override public long value(int row, int metric) { return 0; }
    };

    public static void main(String[] args) throws Exception {
        int nodes = args.length > 0 ? Integer.parseInt(args[0]) : 750_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 20;
        int warmup = args.length > 2 ? Integer.parseInt(args[2]) : 30;
        Path dir = args.length > 3 ? Path.of(args[3]) : Files.createTempDirectory("encode-cost");
        Tree tree = Tree.bushy(nodes, 2000, 7);
        MethodTable methods = new MethodTable();
        for (int m = 0; m < 2000; m++) methods.add("bench.C" + m / 10, "m" + m, "()V");
        Path file = dir.resolve("encode.candor");
        java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
        long best = Long.MAX_VALUE;
        long sum = 0;
        for (int r = 0; r < warmup + rounds; r++) {
            long cpu0 = mx.getCurrentThreadCpuTime();
            try (SnapshotStreamWriter w = SnapshotStreamWriter.open(file)) {
                w.info(new SnapshotInfo().put(SnapshotInfo.MODE, "instrumentation"));
                w.metrics(Snapshot.instrumentationMetrics(true));
                w.thread(1, "worker", tree, NO_ROWS);  // the agent gives its own flat figures
                w.methods(methods);
                w.stats(Map.of(Snapshot.STAT_DROPPED_CALLS, 0L));
                w.commit();
            }
            long cpu = mx.getCurrentThreadCpuTime() - cpu0;
            if (r >= warmup) {
                best = Math.min(best, cpu);
                sum += cpu;
            }
        }
        System.out.printf("encode-cost: %,d nodes, %d bytes: mean %.1f ms CPU a write (best %.1f ms), %.0f ns a node%n",
                nodes, Files.size(file), sum / 1e6 / rounds, best / 1e6, (double) sum / rounds / nodes);
    }

    /** A tree in arrays, parents first, five columns: calls, total, self, raw total, raw self. */
    static final class Tree implements NodeTable {
        final int[] parent;
        final int[] method;
        final long[][] values;

        Tree(int n) {
            parent = new int[n];
            method = new int[n];
            values = new long[5][n];
            parent[0] = -1;
        }

        static Tree bushy(int n, int methods, long seed) {
            Tree t = new Tree(n);
            SplittableRandom random = new SplittableRandom(seed);
            int[] path = new int[4096];
            int depth = 0;
            for (int i = 1; i < n; i++) {
                int r = random.nextInt(100); // child of the latest node, sibling, or further up: depths around 20
                depth = Math.max(0, Math.min(depth - (r < 44 ? 0 : r < 54 ? 1 : 2), path.length - 2));
                t.parent[i] = path[depth];
                t.method[i] = random.nextInt(methods);
                t.values[0][i] = 1 + random.nextInt(20);
                t.values[2][i] = random.nextInt(100_000);
                t.values[4][i] = t.values[2][i] + random.nextInt(1_000);
                path[++depth] = i;
            }
            for (int i = 1; i < n; i++) {
                t.values[1][i] += t.values[2][i];
                t.values[3][i] += t.values[4][i];
            }
            for (int i = n - 1; i > 0; i--) {
                t.values[1][t.parent[i]] += t.values[1][i];
                t.values[3][t.parent[i]] += t.values[3][i];
            }
            return t;
        }

        @Override public int size() { return parent.length; }
        @Override public int parent(int node) { return parent[node]; }
        @Override public int method(int node) { return method[node]; }
        @Override public long value(int node, int metric) { return values[metric][node]; }
    }
}
