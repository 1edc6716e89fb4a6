package org.candor.core.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.candor.core.testing.TestSnapshots.node;
import static org.candor.core.testing.TestSnapshots.root;

import com.google.perftools.profiles.ProfileProto.Function;
import com.google.perftools.profiles.ProfileProto.Label;
import com.google.perftools.profiles.ProfileProto.Location;
import com.google.perftools.profiles.ProfileProto.Profile;
import com.google.perftools.profiles.ProfileProto.Sample;
import com.google.perftools.profiles.ProfileProto.ValueType;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.zip.GZIPInputStream;
import org.candor.core.analysis.CalibratedValues;
import org.candor.core.analysis.HotSpot;
import org.candor.core.analysis.HotSpots;
import org.candor.core.model.CallNode;
import org.candor.core.model.Metric;
import org.candor.core.model.MethodTable;
import org.candor.core.model.Snapshot;
import org.candor.core.model.SnapshotInfo;
import org.candor.core.model.ThreadProfile;
import org.candor.core.snapshot.SnapshotFile;
import org.candor.core.testing.TestSnapshots;
import org.junit.jupiter.api.Test;

/** The pprof export read back with the classes generated from pprof's profile.proto. */
class PprofReportTest {

    private static byte[] bytes(SnapshotFile file, ReportOptions options) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ReportFormat.PPROF.write(file, options, out);
        return out.toByteArray();
    }

    private static Profile pprof(Snapshot s, ReportOptions options) throws Exception {
        return parse(bytes(SnapshotFile.of(s), options));
    }

    private static Profile parse(byte[] bytes) throws Exception {
        assertThat(bytes).startsWith((byte) 0x1f, (byte) 0x8b); // gzip, as pprof wants its files
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(bytes))) {
            return Profile.parseFrom(in);
        }
    }

    private static String string(Profile p, long index) {
        return p.getStringTable((int) index);
    }

    private static List<String> types(Profile p) {
        List<String> types = new ArrayList<>();
        for (ValueType t : p.getSampleTypeList()) types.add(string(p, t.getType()) + "/" + string(p, t.getUnit()));
        return types;
    }

    /** Per function name, the values of the samples it is the leaf of: pprof's flat. */
    private static Map<String, long[]> flat(Profile p) {
        Map<Long, String> names = functionNamesByLocation(p);
        Map<String, long[]> flat = new HashMap<>();
        for (Sample s : p.getSampleList()) {
            long[] v = flat.computeIfAbsent(names.get(s.getLocationId(0)), k -> new long[s.getValueCount()]);
            for (int i = 0; i < v.length; i++) v[i] += s.getValue(i);
        }
        return flat;
    }

    /** Per function name, the values of the samples whose stack holds it, once per sample: pprof's cum. */
    private static Map<String, long[]> cum(Profile p) {
        Map<Long, String> names = functionNamesByLocation(p);
        Map<String, long[]> cum = new HashMap<>();
        for (Sample s : p.getSampleList()) {
            Set<String> seen = new HashSet<>();
            for (long l : s.getLocationIdList()) {
                if (!seen.add(names.get(l))) continue;
                long[] v = cum.computeIfAbsent(names.get(l), k -> new long[s.getValueCount()]);
                for (int i = 0; i < v.length; i++) v[i] += s.getValue(i);
            }
        }
        return cum;
    }

    private static Map<Long, String> functionNamesByLocation(Profile p) {
        Map<Long, String> functions = new HashMap<>();
        for (Function f : p.getFunctionList()) functions.put(f.getId(), string(p, f.getName()));
        Map<Long, String> names = new HashMap<>();
        for (Location l : p.getLocationList()) {
            assertThat(l.getLineCount()).isEqualTo(1);
            names.put(l.getId(), functions.get(l.getLine(0).getFunctionId()));
        }
        return names;
    }

    private static String label(Profile p, Sample s, String key) {
        for (Label l : s.getLabelList()) if (string(p, l.getKey()).equals(key)) return string(p, l.getStr());
        return null;
    }

    @Test
    void instrumentedSnapshotHasCallsAndTimePerStackLeafFirstWithTheHotSpotsSelfValues() throws Exception {
        Snapshot shop = TestSnapshots.shop();
        shop.info().put(SnapshotInfo.METRIC, "wall");
        Profile p = pprof(shop, ReportOptions.defaults());

        assertThat(string(p, 0)).isEmpty();
        assertThat(types(p)).containsExactly("calls/count", "wall/nanoseconds");
        assertThat(string(p, p.getDefaultSampleType())).isEqualTo("wall");
        int calls = shop.metricIndex("calls");
        int self = shop.metricIndex("self_time");
        int total = shop.metricIndex("total_time");
        Map<String, long[]> flat = flat(p);
        Map<String, long[]> cum = cum(p);
        List<HotSpot> spots = HotSpots.compute(shop, shop.threads());
        assertThat(flat).hasSameSizeAs(spots);
        for (HotSpot h : spots) {
            String name = h.method().qualifiedName();
            assertThat(flat.get(name)).as(name).containsExactly(h.value(calls), h.value(self));
            assertThat(cum.get(name)[1]).as(name).isEqualTo(h.value(total)); // pprof's cum is Candor's total
        }
        // one location and function per method, named as Candor names them, the descriptor beside
        assertThat(p.getLocationCount()).isEqualTo(p.getFunctionCount()).isEqualTo(5);
        Function add = p.getFunctionList().stream().filter(f -> string(p, f.getName()).equals("com.acme.Cart.add"))
                .findFirst().orElseThrow();
        assertThat(string(p, add.getSystemName())).isEqualTo("com.acme.Cart.add(Lcom/acme/Item;I)V");
        // leaf first, each stack labelled with its thread
        Sample addSample = p.getSampleList().stream()
                .filter(s -> s.getLocationId(0) == p.getLocationList().stream()
                        .filter(l -> l.getLine(0).getFunctionId() == add.getId()).findFirst().orElseThrow().getId())
                .findFirst().orElseThrow();
        assertThat(addSample.getLocationIdCount()).isEqualTo(3);
        assertThat(addSample.getValueList()).containsExactly(1000L, 1_500_000_000L);
        assertThat(label(p, addSample, "thread")).isEqualTo("main");
        long worker = p.getSampleList().stream().filter(s -> "worker-1".equals(label(p, s, "thread")))
                .mapToLong(s -> s.getValue(1)).sum();
        assertThat(worker).isEqualTo(300_000_000L);
        assertThat(p.getSampleList()).allMatch(s -> s.getLabelCount() == 2);
    }

    @Test
    void sampledSnapshotHasSamplesAndCpuTimeWithItsIntervalAsThePeriod() throws Exception {
        MethodTable m = new MethodTable();
        int run = m.add("p.Job", "run", "()V").id();
        int io = m.add("p.Io", "read", "([B)I").id();
        SnapshotInfo info = new SnapshotInfo().put(SnapshotInfo.MODE, "sampling").put(SnapshotInfo.EVENT, "cpu")
                .put(SnapshotInfo.INTERVAL_NS, "10000000").put(SnapshotInfo.START_TIME, "2026-01-02T03:04:05Z")
                .put(SnapshotInfo.END_TIME, "2026-01-02T03:04:07.5Z");
        Snapshot s = new Snapshot(info, Snapshot.samplingMetrics(false), m);
        CallNode r = new CallNode(null, CallNode.ROOT, 4);
        CallNode a = sampled(r, run, 7, 3);
        sampled(a, io, 4, 4);
        s.addThread(new ThreadProfile(3, "pool-1", TestSnapshots.sumIntoRoot(r)));

        Profile p = pprof(s, ReportOptions.defaults());
        assertThat(types(p)).containsExactly("cpu/nanoseconds", "samples/count");
        assertThat(string(p, p.getDefaultSampleType())).isEqualTo("cpu");
        assertThat(string(p, p.getPeriodType().getType()) + "/" + string(p, p.getPeriodType().getUnit()))
                .isEqualTo("cpu/nanoseconds");
        assertThat(p.getPeriod()).isEqualTo(10_000_000L);
        assertThat(p.getTimeNanos()).isEqualTo(1767323045L * 1_000_000_000L);
        assertThat(p.getDurationNanos()).isEqualTo(2_500_000_000L);
        assertThat(flat(p).get("p.Job.run")).containsExactly(30_000_000L, 3L);
        assertThat(flat(p).get("p.Io.read")).containsExactly(40_000_000L, 4L);
        assertThat(cum(p).get("p.Job.run")).containsExactly(70_000_000L, 7L);
        // the samples count picked as the value: pprof shows it first
        Profile bySamples = pprof(s, ReportOptions.defaults().withValue("samples"));
        assertThat(string(bySamples, bySamples.getDefaultSampleType())).isEqualTo("samples");
    }

    /** A sampled node: samples, self samples, and times at 10 ms a sample. */
    private static CallNode sampled(CallNode parent, int method, long samples, long self) {
        CallNode n = new CallNode(parent, method, 4);
        n.setValue(0, samples * 10_000_000L);
        n.setValue(1, self * 10_000_000L);
        n.setValue(2, samples);
        n.setValue(3, self);
        return n;
    }

    @Test
    void calibratedOrRawTimesAsTheReportAsksAndTheValueNamesTheDefaultType() throws Exception {
        MethodTable m = new MethodTable();
        int run = m.add("p.Job", "run", "()V").id();
        Snapshot s = new Snapshot(new SnapshotInfo(), Snapshot.instrumentationMetrics(true), m);
        CallNode r = root(5);
        CallNode n = new CallNode(r, run, 5);
        long[] values = {4, 900, 800, 1000, 950};
        for (int k = 0; k < 5; k++) n.setValue(k, values[k]);
        s.addThread(new ThreadProfile(1, "main", TestSnapshots.sumIntoRoot(r)));
        SnapshotFile file = SnapshotFile.of(s);

        Profile calibrated = parse(bytes(CalibratedValues.select(file, false), ReportOptions.defaults()));
        assertThat(types(calibrated)).containsExactly("calls/count", "time/nanoseconds");
        assertThat(flat(calibrated).get("p.Job.run")).containsExactly(4L, 800L);
        assertThat(calibrated.getCommentList()).extracting(c -> string(calibrated, c)).contains("times: calibrated");
        Profile raw = parse(bytes(CalibratedValues.select(file, true), ReportOptions.defaults().withValue("total")));
        assertThat(flat(raw).get("p.Job.run")).containsExactly(4L, 950L);
        assertThat(string(raw, raw.getDefaultSampleType())).isEqualTo("time"); // total: pprof's cum of self time
        Profile calls = parse(bytes(CalibratedValues.select(file, true), ReportOptions.defaults().withValue("calls")));
        assertThat(string(calls, calls.getDefaultSampleType())).isEqualTo("calls");
    }

    @Test
    void onlyTheSelectedThreadsAndDeepStacksWhole() throws Exception {
        Profile main = pprof(TestSnapshots.shop(), ReportOptions.defaults().withThreads("main"));
        assertThat(main.getSampleList()).allMatch(s -> "main".equals(label(main, s, "thread")));
        assertThat(flat(main)).containsOnlyKeys("com.acme.Main.main", "com.acme.Shop.run", "com.acme.Cart.add",
                "com.acme.Cart.total");

        Profile deep = pprof(TestSnapshots.chain(3000), ReportOptions.defaults());
        assertThat(deep.getSampleCount()).isEqualTo(3000);
        assertThat(deep.getSampleList()).extracting(Sample::getLocationIdCount).contains(3000);
    }

    @Test
    void aValueWithoutASelfTwinIsAClearError() {
        Snapshot s = TestSnapshots.shop();
        assertThatThrownBy(() -> pprof(s, ReportOptions.defaults().withValue("samples")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("the snapshot has no metric for value 'samples'");
        Snapshot onlyTotal = new Snapshot(new SnapshotInfo(), List.of(Metric.TOTAL_TIME), new MethodTable());
        onlyTotal.addThread(new ThreadProfile(1, "main", root(1)));
        assertThatThrownBy(() -> pprof(onlyTotal, ReportOptions.defaults()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the snapshot has no value that adds up over stacks (no self value)");
    }
}
