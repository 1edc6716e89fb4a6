package org.candor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.perftools.profiles.ProfileProto.Profile;
import com.google.perftools.profiles.ProfileProto.Sample;
import com.google.protobuf.CodedInputStream;
import com.google.protobuf.ExtensionRegistryLite;
import com.google.protobuf.WireFormat;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.zip.CRC32C;
import java.util.zip.GZIPInputStream;
import org.candor.core.model.MethodTable;
import org.candor.core.model.Snapshot;
import org.candor.core.model.SnapshotInfo;
import org.candor.core.snapshot.NodeTable;
import org.candor.core.snapshot.SnapshotStreamWriter;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Snapshots far larger than the command's heap, reported by the assembled command line with -Xmx256m: five million
 * call paths (a root with a million children, a chain 100,000 calls deep, a bushy tree of 3.9 million), written
 * through SnapshotStreamWriter as an agent writes them. Every figure is checked against the generator's own sums.
 */
class LargeSnapshotIT {

    private static final List<String> SMALL_HEAP = List.of("-Xmx256m");
    private static final int METHODS = 1000;

    @TempDir static Path dir;
    private static Path snapshot;
    /** The same threads less "wide": four million paths. */
    private static Path withoutWide;
    private static Tree wide;
    private static Tree deep;
    private static Tree bushy;

    /** A tree in arrays, parents first; calls and self time per node; totals summed bottom-up. */
    static final class Tree implements NodeTable {
        final int[] parent;
        final int[] method;
        final long[] calls;
        final long[] self;
        final long[] total;

        Tree(int n) {
            parent = new int[n];
            method = new int[n];
            calls = new long[n];
            self = new long[n];
            total = new long[n];
            parent[0] = -1;
        }

        /** Totals bottom-up; the root's values are its children's sums, as agents write them. */
        Tree sum() {
            for (int i = 1; i < parent.length; i++) total[i] = self[i];
            for (int i = parent.length - 1; i > 0; i--) total[parent[i]] += total[i];
            for (int i = 1; i < parent.length; i++) {
                if (parent[i] == 0) {
                    calls[0] += calls[i];
                    self[0] += self[i];
                }
            }
            return this;
        }

        long allCalls() {
            long sum = 0;
            for (int i = 1; i < calls.length; i++) sum += calls[i];
            return sum;
        }

        @Override public int size() { return parent.length; }
        @Override public int parent(int node) { return parent[node]; }
        @Override public int method(int node) { return method[node]; }
        @Override public long value(int node, int metric) {
            return metric == 0 ? calls[node] : metric == 1 ? total[node] : self[node];
        }
    }

    @BeforeAll
    static void writeFiveMillionPaths() throws Exception {
        wide = new Tree(1_000_001);
        for (int i = 1; i < wide.size(); i++) {
            wide.parent[i] = 0;
            wide.method[i] = i % METHODS;
            wide.calls[i] = 1 + i % 7;
            wide.self[i] = 1 + i % 1000;
        }
        wide.sum();
        deep = new Tree(100_001);
        for (int i = 1; i < deep.size(); i++) {
            deep.parent[i] = i - 1;
            deep.method[i] = i % 2;
            deep.calls[i] = 1;
            deep.self[i] = i == 1 ? 1_000_000_000L : 1; // all but the outermost call below 0.1 %
        }
        deep.sum();
        bushy = new Tree(3_900_001);
        SplittableRandom random = new SplittableRandom(11);
        int[] path = new int[4096];
        int depth = 0;
        for (int i = 1; i < bushy.size(); i++) {
            int r = random.nextInt(100); // child of the latest node, sibling, or further up: depths around 20
            depth = Math.max(0, Math.min(depth - (r < 44 ? 0 : r < 54 ? 1 : 2), path.length - 2));
            bushy.parent[i] = path[depth];
            bushy.method[i] = random.nextInt(METHODS);
            bushy.calls[i] = 1 + random.nextInt(20);
            bushy.self[i] = random.nextInt(100_000);
            path[++depth] = i;
        }
        bushy.sum();

        MethodTable methods = new MethodTable();
        for (int m = 0; m < METHODS; m++) methods.add("big.C" + m / 10, "m" + m, "()V");
        snapshot = write(dir.resolve("big.candor"), methods, wide, deep, bushy);
        withoutWide = write(dir.resolve("without-wide.candor"), methods, null, deep, bushy);
    }

    /** Writes the trees given (null: left out) as threads 1 (wide), 2 (deep) and 3 (bushy), as an agent writes them. */
    private static Path write(Path file, MethodTable methods, Tree... trees) throws Exception {
        String[] names = {"wide", "deep", "bushy"};
        try (SnapshotStreamWriter w = SnapshotStreamWriter.open(file)) {
            w.info(new SnapshotInfo().put(SnapshotInfo.MODE, "instrumentation"));
            w.metrics(Snapshot.instrumentationMetrics());
            for (int t = 0; t < trees.length; t++) if (trees[t] != null) w.thread(t + 1, names[t], trees[t], null);
            w.methods(methods);
            w.stats(Map.of(Snapshot.STAT_DROPPED_CALLS, 0L));
            w.commit();
        }
        return file;
    }

    @Test
    void twoSnapshotsOfMillionsOfPathsCompareInA256MegabyteHeap() throws Exception {
        CandorCli r = CandorCli.runWithJvmOptions(SMALL_HEAP, "compare", snapshot.toString(), withoutWide.toString());
        assertThat(r.exitCode).as(r.stderr).isZero();
        assertThat(r.stderr).isEmpty();
        // B lacks wide, whose million nodes give method m (1 + m) ns of self time 1,000 times: m999 lost the most
        List<String> lines = r.stdout.lines().toList();
        assertThat(lines.get(0)).startsWith("Candor comparison by self time: A = " + snapshot);
        assertThat(lines.get(2)).contains("big.C99.m999()");
        long a = 0;
        long b = 0;
        for (Tree t : List.of(wide, deep, bushy)) {
            for (int i = 1; i < t.size(); i++) {
                if (t.method[i] != 999) continue;
                a += t.self[i];
                if (t != wide) b += t.self[i];
            }
        }
        assertThat(a - b).isEqualTo(1_000_000L);
        assertThat(lines.get(2)).contains("-1.00 ms");
        assertThat(r.stdout).contains("(970 more methods; --top N shows more)");
    }

    @Test
    void theTextReportOfFiveMillionPathsRunsInA256MegabyteHeapWithEveryTotalExact() throws Exception {
        CandorCli r = CandorCli.runWithJvmOptions(SMALL_HEAP, "report", snapshot.toString());
        assertThat(r.exitCode).as(r.stderr).isZero();
        assertThat(r.stderr).isEmpty();
        assertThat(r.stdout).contains("Thread wide (#1): ").contains("Calls " + wide.allCalls() + "\n")
                .contains("Thread deep (#2): ").contains("Calls " + deep.allCalls() + "\n")
                .contains("Thread bushy (#3): ").contains("Calls " + bushy.allCalls() + "\n");
        // a node is hidden with everything below it when its total is under 0.1 % of its thread's
        assertThat(r.stdout).contains("(99999 nodes below 0.1% of the thread hidden)");
        long wideShown = 0;
        for (int i = 1; i < wide.size(); i++) if (wide.total[i] >= 0.1 / 100 * wide.total[0]) wideShown++;
        assertThat(r.stdout).contains("(" + (wide.size() - 1 - wideShown) + " nodes below 0.1% of the thread hidden)");
        assertThat(r.stdout).contains("Hot spots: top 20 of " + METHODS + " methods by Self time (all threads)");
    }

    @Test
    void foldedStacksStreamInA256MegabyteHeapAndAddUpToEveryCall() throws Exception {
        Path folded = dir.resolve("wide.folded");
        CandorCli r = CandorCli.runWithJvmOptions(SMALL_HEAP, "report", snapshot.toString(), "--format", "collapsed",
                "--thread", "wide", "--value", "calls", "-o", folded.toString());
        assertThat(r.exitCode).as(r.stderr).isZero();
        long sum = 0;
        long lines = 0;
        try (BufferedReader in = Files.newBufferedReader(folded, StandardCharsets.UTF_8)) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                assertThat(line).startsWith("[wide tid=1];big.C");
                sum += Long.parseLong(line.substring(line.lastIndexOf(' ') + 1));
                lines++;
            }
        }
        assertThat(sum).isEqualTo(wide.allCalls());
        assertThat(lines).isEqualTo(METHODS); // a million leaves of a thousand methods: one frame each
    }

    @Test
    void pprofStreamsThreeMillionCallPathsInA256MegabyteHeapAndAddsUpToEveryCall() throws Exception {
        Path pprof = dir.resolve("bushy.pb.gz");
        CandorCli r = CandorCli.runWithJvmOptions(SMALL_HEAP, "report", snapshot.toString(), "--format", "pprof",
                "--thread", "bushy", "-o", pprof.toString());
        assertThat(r.exitCode).as(r.stderr).isZero();
        // read a sample at a time too: the profile whole would hold millions of messages
        long calls = 0;
        long self = 0;
        long samples = 0;
        try (InputStream in = new GZIPInputStream(Files.newInputStream(pprof), 1 << 16)) {
            CodedInputStream proto = CodedInputStream.newInstance(in);
            proto.setSizeLimit(Integer.MAX_VALUE);
            for (int tag = proto.readTag(); tag != 0; tag = proto.readTag()) {
                if (WireFormat.getTagFieldNumber(tag) != Profile.SAMPLE_FIELD_NUMBER) {
                    proto.skipField(tag);
                    continue;
                }
                Sample sample = proto.readMessage(Sample.parser(), ExtensionRegistryLite.getEmptyRegistry());
                calls += sample.getValue(0);
                self += sample.getValue(1);
                samples++;
                proto.resetSizeCounter();
            }
        }
        assertThat(calls).isEqualTo(bushy.allCalls());
        assertThat(self).isEqualTo(bushy.total[0]);
        assertThat(samples).isGreaterThan(1_000_000);
    }

    @Test
    void aSnapshotThatMustBeReadWholeAndDoesNotFitTheHeapIsOneLine() throws Exception {
        Path old = dir.resolve("old.candor");
        Files.write(old, version1Chain(1_000_000));
        CandorCli r = CandorCli.runWithJvmOptions(List.of("-Xmx64m"), "report", old.toString());
        assertThat(r.exitCode).isEqualTo(1);
        assertThat(r.stdout).isEmpty();
        assertThat(r.stderr.lines().count()).as(r.stderr).isEqualTo(1);
        assertThat(r.stderr).startsWith("candor: error: snapshot " + old + " is too large to load whole: its 1,000,001"
                + " call paths need about ").contains("a 1.0 snapshot is read whole: give Java more heap (JAVA_TOOL_OPTIONS=-Xmx");
        assertThat(r.stderr).doesNotContain("OutOfMemoryError").doesNotContain("\tat ");
    }

    /**
     * A format 1.0 file, byte by byte (this version writes 2.0): one thread whose tree is a chain of {@code depth}
     * calls of one method; each node {@code climb 0, method 0, calls 1, total, self}.
     */
    private static byte[] version1Chain(int depth) {
        ByteArrayOutputStream file = new ByteArrayOutputStream();
        file.writeBytes(new byte[] {'C', 'A', 'N', 'D', 'O', 'R', 0, 'S', 0, 1, 0, 0});
        ByteArrayOutputStream p = new ByteArrayOutputStream();
        uvarint(p, 3);
        for (String[] m : new String[][] {{"calls", "Calls", "count", "0"}, {"total_time", "Total time", "nanos", "1"},
                {"self_time", "Self time", "nanos", "0"}}) {
            for (int i = 0; i < 3; i++) string(p, m[i]);
            uvarint(p, Integer.parseInt(m[3]));
        }
        section(file, "MTRC", p);
        p = new ByteArrayOutputStream();
        uvarint(p, 1);
        string(p, "old.Chain");
        string(p, "down");
        string(p, "()V");
        section(file, "MTHD", p);
        p = new ByteArrayOutputStream();
        uvarint(p, 2); // thread id 1, zigzag
        string(p, "main");
        uvarint(p, depth + 1);
        for (long v : new long[] {1, depth, 0}) uvarint(p, v << 1); // the root: non-negative values, zigzag
        for (int d = 0; d < depth; d++) {
            uvarint(p, 0);
            uvarint(p, 0);
            for (long v : new long[] {1, depth - d, 1}) uvarint(p, v << 1);
        }
        section(file, "THRD", p);
        byte[] head = {'E', 'N', 'D', '!', 0, 0, 0, 0, 0, 0, 0, 4};
        file.writeBytes(head);
        CRC32C crc = new CRC32C();
        byte[] body = file.toByteArray();
        crc.update(body, 0, body.length);
        int c = (int) crc.getValue();
        file.writeBytes(new byte[] {(byte) (c >>> 24), (byte) (c >>> 16), (byte) (c >>> 8), (byte) c});
        return file.toByteArray();
    }

    private static void section(ByteArrayOutputStream file, String tag, ByteArrayOutputStream payload) {
        file.writeBytes(tag.getBytes(StandardCharsets.US_ASCII));
        long length = payload.size();
        for (int shift = 56; shift >= 0; shift -= 8) file.write((int) (length >>> shift));
        file.writeBytes(payload.toByteArray());
    }

    private static void string(ByteArrayOutputStream out, String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        uvarint(out, b.length);
        out.writeBytes(b);
    }

    private static void uvarint(ByteArrayOutputStream out, long v) {
        while ((v & ~0x7FL) != 0) {
            out.write((int) ((v & 0x7F) | 0x80));
            v >>>= 7;
        }
        out.write((int) v);
    }
}
