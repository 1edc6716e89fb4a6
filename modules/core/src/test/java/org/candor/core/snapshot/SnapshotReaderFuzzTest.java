package org.candor.core.snapshot;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import org.candor.core.analysis.CalibratedValues;
import org.candor.core.model.CallNode;
import org.candor.core.model.MethodTable;
import org.candor.core.model.Snapshot;
import org.candor.core.model.SnapshotInfo;
import org.candor.core.model.ThreadProfile;
import org.candor.core.report.ReportFormat;
import org.candor.core.report.ReportOptions;
import org.candor.core.testing.Damage;
import org.candor.core.testing.DamageArbitraries;
import org.candor.core.testing.FuzzBudget;
import org.candor.core.testing.FuzzChecks;
import org.candor.core.testing.Mutant;
import org.candor.core.testing.TestSnapshots;

/**
 * Damaged snapshots, made from files Candor's own writers wrote (2.0, and 1.0 for the climbs of its trees), are read
 * as {@code candor report} and the app read them: into the object model, and in place with every report format. Each
 * must read, or be refused with a {@link SnapshotFormatException} of one line; never any other exception, an
 * Error, a hang, or an allocation sized by a length the file claims. Most mutants get a checksum that matches
 * (the reader would otherwise refuse them before decoding anything) and many a damage confined to one section's
 * payload with its framing made to fit, so that the decoders themselves are fuzzed. A jqwik property with a fixed
 * seed: the same mutants every run, and a failure shrunk to the smallest damage that still fails.
 */
class SnapshotReaderFuzzTest {

    /** The name the mutants are read under, which a refusal must name. */
    static final String NAME = "damaged.candor";
    /** Far above what reading and reporting a mutant of a few KiB takes, far below what a claimed length would. */
    private static final long MAX_ALLOCATION = 64L << 20;

    private final FuzzChecks.Tally tally = tally(50, "the mutations reach the checks");

    /** The budget: 3000 mutants, the same every run ({@link FuzzBudget} for more). */
    @Property(tries = 3000, seed = "20240611", edgeCases = EdgeCasesMode.NONE)
    @AddLifecycleHook(FuzzBudget.class)
    void damagedSnapshotsReadOrAreRefusedInOneLine(@ForAll("mutants") Mutant mutant) {
        tally.judge(() -> read(mutant.bytes, NAME));
    }

    /**
     * One field made to lie (8 in 20), one section's payload damaged (4), the file damaged with (5) or without (3) its
     * checksum made to fit.
     */
    @Provide
    Arbitrary<Mutant> mutants() throws Exception {
        Map<String, byte[]> seeds = seeds();
        return Arbitraries.frequencyOf(List.of(
                Tuple.of(8, oneField(seeds)),
                Tuple.of(4, inOneSection(seeds)),
                Tuple.of(5, DamageArbitraries.mutants(seeds).map(SnapshotReaderFuzzTest::withChecksum)),
                Tuple.of(3, DamageArbitraries.mutants(seeds))));
    }

    /** As the app and {@code candor report} read: whole into the model, and in place with every snapshot report. */
    static void read(byte[] bytes, String name) throws Exception {
        Snapshot model = SnapshotReader.read(bytes, name);
        ReportFormat.TEXT.write(model, ReportOptions.defaults(), new StringBuilder());
        try (SnapshotFile file = SnapshotFile.of(bytes, name)) {
            SnapshotFile shown = CalibratedValues.select(file, false);
            for (ReportFormat f : ReportFormat.values()) {
                if (f.readsTraces()) continue;
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                f.write(shown, ReportOptions.defaults(), out);
                if (f == ReportFormat.COLLAPSED) checkCollapsed(out.toString(StandardCharsets.UTF_8));
            }
        }
    }

    /** Every line of folded stacks is frames and a number: no name may break a line. */
    private static void checkCollapsed(String text) {
        for (String line : text.split("\n", -1)) {
            if (line.isEmpty()) continue;
            if (!line.matches("[^\\r\\n]* -?\\d+")) throw new AssertionError("a folded stacks line without its value: " + line);
        }
    }



    // ---- the seeds: files Candor writes ----

    private static Map<String, byte[]> seeds() throws Exception {
        Map<String, byte[]> seeds = new LinkedHashMap<>();
        seeds.put("shop 2.0", written(TestSnapshots.shop()));
        seeds.put("calibrated 2.0", written(calibrated()));
        seeds.put("chain of 40 2.0", written(TestSnapshots.chain(40)));
        seeds.put("every warning 2.0", written(withEveryWarning()));
        seeds.put("sampled 2.0", written(sampled()));
        seeds.put("shop 1.0", SnapshotEncoderV1.bytes(TestSnapshots.shop()));
        seeds.put("chain of 40 1.0", SnapshotEncoderV1.bytes(TestSnapshots.chain(40)));
        return seeds;
    }

    private static byte[] written(Snapshot s) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        SnapshotWriter.write(s, out);
        return out.toByteArray();
    }

    /** A calibrated instrumentation snapshot with the calibration constants and times the text report prints. */
    private static Snapshot calibrated() {
        MethodTable methods = new MethodTable();
        int a = methods.add("com.acme.A", "run", "()V").id();
        int b = methods.add("com.acme.B", "leaf", "(Ljava/lang/String;)I").id();
        SnapshotInfo info = new SnapshotInfo().put(SnapshotInfo.MODE, "instrumentation")
                .put(SnapshotInfo.CALIBRATION, "runtime").put(SnapshotInfo.START_TIME, "2024-01-02T03:04:05Z")
                .put(SnapshotInfo.END_TIME, "1704164647000").put(SnapshotInfo.INTERVAL_NS, "1000000");
        Snapshot s = new Snapshot(info, Snapshot.instrumentationMetrics(true), methods);
        CallNode root = new CallNode(null, CallNode.ROOT, 5);
        CallNode na = new CallNode(root, a, 5);
        set(na, 1, 900, 400, 1500, 700);
        set(new CallNode(na, b, 5), 10, 500, 500, 800, 800);
        set(root, 1, 900, 0, 1500, 0);
        s.addThread(new ThreadProfile(1, "main", root));
        s.putStat("calls.dropped", 0).putStat("calibration.int-En-int-Ex-int.count", 1234)
                .putStat("calibration.int-En-int-Ex-int.min_ps", 51_000).putStat("calibration.warmup.phase", 2);
        return s;
    }

    /** The shop with the statistics and properties behind every warning and line the text report derives from them. */
    private static Snapshot withEveryWarning() {
        Snapshot s = TestSnapshots.shop();
        s.info().put("threads.not_recorded.names", "pool-1-thread-7,pool-1-thread-8").put("recursion", "fold")
                .put("warning.include", "com.nothing.**\ncom.none.*").put("warning.root", "com.acme.Gone.run");
        String[] keys = {"nodes.budget", "nodes.used", "nodes.limit", "calls.beyond_budget", "calls.folded",
            "recursion.folded_after_paths", "threads.not_recorded", "depth.limit", "classes.failed",
            "probe_effect.trivial_methods", "probe_effect.trivial_calls", "probe_effect.trivial_self",
            "probe_effect.trivial_raw_self", "live.paths_per_thread", "live.paths_cut", "live.threads_cut"};
        long[] values = {100, 100, 100, 5, 10, 50, 2, 3, 1, 3, 20_000, 1_000_000_000, 1_200_000_000, 20, 7, 1};
        for (int i = 0; i < keys.length; i++) s.putStat(keys[i], values[i]);
        return s;
    }

    /** A wall-clock sampled profile with its sampling statistics. */
    private static Snapshot sampled() {
        MethodTable methods = new MethodTable();
        int run = methods.add("com.acme.Worker", "run", "()V").id();
        int io = methods.add("java.io.FileInputStream", "read", "([B)I").id();
        SnapshotInfo info = new SnapshotInfo().put(SnapshotInfo.MODE, "sample").put(SnapshotInfo.EVENT, "wall")
                .put(SnapshotInfo.INTERVAL_NS, "1000000");
        Snapshot s = new Snapshot(info, Snapshot.samplingMetrics(true), methods);
        CallNode root = new CallNode(null, CallNode.ROOT, 6);
        CallNode a = new CallNode(root, run, 6);
        set(a, 9_000_000, 1_000_000, 9, 1, 4_000_000, 0);
        set(new CallNode(a, io, 6), 8_000_000, 8_000_000, 8, 8, 4_000_000, 4_000_000);
        set(root, 9_000_000, 0, 9, 0, 4_000_000, 0);
        s.addThread(new ThreadProfile(3, "worker", root));
        s.putStat("samples.expected", 1000).putStat("samples.delivered", 900).putStat("samples.recorded", 880)
                .putStat("samples.dropped.buffer_full", 3).putStat("samples.dropped.signal_pending", 20)
                .putStat("samples.failed.no_java_frame", 2).putStat("samples.attributed_by_pc", 5);
        return s;
    }

    private static void set(CallNode n, long... v) {
        for (int k = 0; k < v.length; k++) n.setValue(k, v[k]);
    }

    // ---- mutants that pass the checksum and the framing ----

    /** Values at the edges of what a reader must check, for a field that held {@code v}; the last is {@code any}. */
    private static long edgeValue(long v, int which, long any) {
        long[] edges = {0, 1, 2, 0x7F, 0x80, 0x3FFF, Integer.MAX_VALUE, 1L << 31, (1L << 32) - 1, 1L << 32, 1L << 62,
                Long.MAX_VALUE, Long.MIN_VALUE, Long.MIN_VALUE + 1, Long.MIN_VALUE + 3, Long.MIN_VALUE + 0xFFFFFFFFL, -2, -1,
                v + 1, v - 1, v + 2, v * 2, v + (1L << 32), v ^ Long.MIN_VALUE, any};
        return edges[which];
    }

    private static final int EDGE_VALUES = 25;

    /**
     * One field of the file set to an edge value, everything around it made consistent (a 2.0 tree's extents, the
     * section's length, the checksum); or (one in five) one node record's extent made to lie: off by 1 to 3, or set to
     * an edge value.
     */
    private static Arbitrary<Mutant> oneField(Map<String, byte[]> seeds) {
        return Combinators.combine(Arbitraries.of(new ArrayList<>(seeds.keySet())),
                Arbitraries.frequency(List.of(Tuple.of(4, false), Tuple.of(1, true))), DamageArbitraries.places(),
                Arbitraries.of(false, true), Arbitraries.integers().between(-3, 3).filter(d -> d != 0),
                DamageArbitraries.indices(EDGE_VALUES), Arbitraries.longs())
                .as((name, node, place, offBy, delta, edge, any) -> {
                    SnapshotFields parts = new SnapshotFields(seeds.get(name));
                    String what;
                    if (node && !parts.nodes().isEmpty()) {
                        int i = Damage.offset(place, parts.nodes().size());
                        SnapshotFields.Node n = parts.nodes().get(i);
                        if (offBy) {
                            n.extentDelta = delta;
                            what = "THRD node " + i + " extent off by " + delta;
                        } else {
                            n.extent = edgeValue(0, edge, any);
                            what = "THRD node " + i + " extent set to " + Long.toUnsignedString(n.extent);
                        }
                    } else {
                        SnapshotFields.Field f = parts.fields().get(Damage.offset(place, parts.fields().size()));
                        long v = edgeValue(f.value(), edge, any);
                        SnapshotFields.set(f, v);
                        what = f.what + " set to " + Long.toUnsignedString(v);
                    }
                    return new Mutant(name, parts.toBytes(), what);
                });
    }

    /** One section's payload damaged, its length and the file's checksum made to fit. */
    private static Arbitrary<Mutant> inOneSection(Map<String, byte[]> seeds) {
        return Combinators.combine(Arbitraries.of(new ArrayList<>(seeds.keySet())), DamageArbitraries.places(),
                DamageArbitraries.damage()).as((name, place, damage) -> {
                    byte[] seed = seeds.get(name);
                    List<int[]> sections = new ArrayList<>(); // payload start, length
                    ByteBuffer b = ByteBuffer.wrap(seed);
                    for (int at = SnapshotFormat.HEADER_SIZE; at < seed.length - SnapshotFormat.TRAILER_SIZE; ) {
                        int length = (int) b.getLong(at + 4);
                        sections.add(new int[] {at + SnapshotFormat.SECTION_HEADER_SIZE, length});
                        at += SnapshotFormat.SECTION_HEADER_SIZE + length;
                    }
                    int[] s = sections.get(Damage.offset(place, sections.size()));
                    String tag = new String(seed, s[0] - 12, 4, StandardCharsets.US_ASCII);
                    Mutant damaged = damage.apply(name, java.util.Arrays.copyOfRange(seed, s[0], s[0] + s[1]));
                    ByteArrayOutputStream out = new ByteArrayOutputStream();
                    out.write(seed, 0, s[0] - 8);
                    out.writeBytes(ByteBuffer.allocate(8).putLong(damaged.bytes.length).array());
                    out.writeBytes(damaged.bytes);
                    out.write(seed, s[0] + s[1], seed.length - s[0] - s[1]);
                    return withChecksum(damaged.withBytes(out.toByteArray(), "section " + tag + ": " + damaged.description));
                });
    }

    /** The mutant with the checksum of its bytes, where it still ends like a snapshot (2.3). */
    private static Mutant withChecksum(Mutant m) {
        return withChecksum(m, 0);
    }

    /** The mutant with the checksum of its part from {@code partStart} made to fit, where it still ends like one. */
    static Mutant withChecksum(Mutant m, int partStart) {
        byte[] b = RawSnapshotFile.withChecksum(m.bytes, partStart);
        return b == null ? m : m.withBytes(b, m.description + ", checksum made to fit");
    }

    /**
     * The tally of a property whose mutants are read under {@link #NAME}: read, or refused in one line naming the file;
     * more than {@code refusedPercent} % of them refused, or the damage did not reach the checks ({@code why}).
     */
    static FuzzChecks.Tally tally(double refusedPercent, String why) {
        return new FuzzChecks.Tally(
                msg -> msg.startsWith("snapshot " + NAME + " ") && !msg.contains("\n") && !msg.contains("\r"),
                "that is not one line naming the file", MAX_ALLOCATION, SnapshotFormatException.class)
                .expectOver(FuzzChecks.Verdict.REFUSED, refusedPercent, why);
    }
}
