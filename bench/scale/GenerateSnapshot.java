package org.candor.bench.scale;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Map;
import org.candor.core.model.MethodTable;
import org.candor.core.model.Snapshot;
import org.candor.core.model.SnapshotInfo;
import org.candor.core.snapshot.NodeTable;
import org.candor.core.snapshot.SnapshotStreamWriter;

/**
 * Writes a large synthetic snapshot through {@link SnapshotStreamWriter}, as an agent would: calibrated
 * instrumentation columns, four threads, trees shaped like a compiler's (one entry point, wide near the top, then
 * branching by 1.3 a level: 40 M paths give the main thread a mean depth of 24, no node more than about 20
 * children), 30,000 methods with names as long as real ones (about 45 characters). Values are consistent: a node's total is its self time plus its children's totals.
 *
 * <pre>java -cp candor-core.jar:CLASSES org.candor.bench.scale.GenerateSnapshot OUT.candor PATHS [SEED]</pre>
 *
 * (bench/report-scale.sh compiles and runs it.)
 *
 * Prints the number of call paths, the calls and the total time per thread, to check reports against.
 */
public final class GenerateSnapshot {

    private static final int METHODS = 30_000;
    /** The share of the paths of each thread: a compiler's main thread does nearly everything. */
    private static final double[] THREAD_SHARES = {0.85, 0.07, 0.05, 0.03};

    public static void main(String[] args) throws IOException {
        if (args.length < 2) {
            System.err.println("usage: GenerateSnapshot OUT.candor PATHS [SEED]");
            System.exit(2);
        }
        Path out = Paths.get(args[0]);
        long paths = Long.parseLong(args[1].replace("_", ""));
        long seed = args.length > 2 ? Long.parseLong(args[2]) : 42;
        Files.createDirectories(out.toAbsolutePath().getParent());
        long t0 = System.nanoTime();
        try (SnapshotStreamWriter w = SnapshotStreamWriter.open(out)) {
            w.info(new SnapshotInfo().put(SnapshotInfo.MODE, "instrumentation").put(SnapshotInfo.SCHEME, "total")
                    .put(SnapshotInfo.CALIBRATION, "runtime").put(SnapshotInfo.JAVA_COMMAND, "synthetic compiler run"));
            w.metrics(Snapshot.instrumentationMetrics(true));
            long written = 0;
            for (int t = 0; t < THREAD_SHARES.length; t++) {
                int n = (int) (t == THREAD_SHARES.length - 1 ? paths - written : Math.round(paths * THREAD_SHARES[t]));
                Tree tree = new Tree(n + 1, seed + t);
                w.thread(t + 1, t == 0 ? "main" : "worker-" + t, tree, null);
                System.out.printf("thread %d: %,d paths, %,d calls, total %,d ns, max depth %d%n",
                        t + 1, n, tree.subtreeCalls[0], tree.total[0], tree.maxDepth);
                written += n;
            }
            w.methods(methods());
            w.stats(Map.of("calls.dropped", 0L, "nodes.limit", paths + 1000));
            w.commit();
        }
        System.out.printf("wrote %s: %,d paths, %,d bytes in %.1f s%n", out, paths, Files.size(out), (System.nanoTime() - t0) / 1e9);
    }

    private static MethodTable methods() {
        MethodTable m = new MethodTable();
        String[] packages = {"com.sun.tools.javac.comp", "com.sun.tools.javac.code", "com.sun.tools.javac.tree",
                "com.sun.tools.javac.jvm", "com.sun.tools.javac.util", "com.google.common.collect"};
        for (int i = 0; i < METHODS; i++) {
            m.add(packages[i % packages.length] + ".Class" + (i / 40), "method" + i, i % 3 == 0 ? "()V" : "(Ljava/lang/Object;I)Z");
        }
        return m;
    }

    /**
     * One thread's tree in arrays, 24 bytes a node: parents come first, as the writer requires. A node's calls and
     * self time follow from its number (a hash); its total is summed bottom-up, and so are its calls for the raw
     * times (40 ns of probe a call). The root's values are the sums of its children's, as agents write them.
     */
    static final class Tree implements NodeTable {
        final int[] parent;
        final int[] method;
        final long[] total;
        final long[] subtreeCalls;
        final long[] root = new long[5];
        int maxDepth;

        Tree(int n, long seed) {
            parent = new int[n];
            method = new int[n];
            total = new long[n];
            subtreeCalls = new long[n];
            java.util.SplittableRandom random = new java.util.SplittableRandom(seed);
            // breadth first, so that parents come first: the root calls one entry point (main, Thread.run), the
            // levels below it branch widely (6 calls a node on average) down to depth 6, then by 1.3 a level (a
            // Poisson number of calls, 64 at most) until the paths run out
            parent[0] = -1;
            int next = 1;
            int levelEnd = 1;
            int level = 0;
            for (int j = 0; j < n && next < n; j++) {
                if (j == levelEnd) {
                    level++;
                    levelEnd = next;
                }
                int children = j == 0 ? 1 : Math.min(64, poisson(random, level <= 6 ? 6 : 1.3));
                for (int c = 0; c < children && next < n; c++, next++) {
                    parent[next] = j;
                    method[next] = (int) Math.floorMod((j == 0 ? 7 : method[j]) * 31L + c * 7919L + level, METHODS);
                    total[next] = self(next);
                    subtreeCalls[next] = calls(next);
                }
                if (children > 0) maxDepth = level + 1;
            }
            if (next < n) throw new IllegalStateException("the tree died out after " + next + " nodes");
            for (int i = n - 1; i > 0; i--) { // children come after their parent: sums bottom-up
                total[parent[i]] += total[i];
                subtreeCalls[parent[i]] += subtreeCalls[i];
                if (parent[i] == 0) for (int k = 0; k < 5; k++) root[k] += value(i, k);
            }
        }

        private static int poisson(java.util.SplittableRandom random, double mean) {
            double limit = Math.exp(-mean);
            double product = random.nextDouble();
            int k = 0;
            while (product > limit) {
                k++;
                product *= random.nextDouble();
            }
            return k;
        }

        static long calls(int node) {
            return 1 + mix(node) % 50;
        }

        static long self(int node) {
            return calls(node) * (20 + (mix(node) >>> 8) % 2000);
        }

        private static long mix(int node) {
            long h = node * 0x9E3779B97F4A7C15L;
            return (h ^ (h >>> 31)) & Long.MAX_VALUE;
        }

        @Override public int size() { return parent.length; }
        @Override public int parent(int node) { return parent[node]; }
        @Override public int method(int node) { return method[node]; }

        /** calls, total, self, raw total, raw self */
        @Override public long value(int node, int metric) {
            if (node == 0) return root[metric];
            switch (metric) {
                case 0: return calls(node);
                case 1: return total[node];
                case 2: return self(node);
                case 3: return total[node] + 40 * subtreeCalls[node];
                default: return self(node) + 40 * calls(node);
            }
        }
    }
}
