package org.candor.core.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.proto.collector.profiles.v1development.ExportProfilesServiceRequest;
import io.opentelemetry.proto.profiles.v1development.KeyValueAndUnit;
import io.opentelemetry.proto.profiles.v1development.Location;
import io.opentelemetry.proto.profiles.v1development.Profile;
import io.opentelemetry.proto.profiles.v1development.ProfilesData;
import io.opentelemetry.proto.profiles.v1development.ProfilesDictionary;
import io.opentelemetry.proto.profiles.v1development.Sample;
import io.opentelemetry.proto.profiles.v1development.Stack;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.candor.core.analysis.HotSpot;
import org.candor.core.analysis.HotSpots;
import org.candor.core.model.CallNode;
import org.candor.core.model.MethodTable;
import org.candor.core.model.Snapshot;
import org.candor.core.model.SnapshotInfo;
import org.candor.core.model.ThreadProfile;
import org.candor.core.snapshot.SnapshotFile;
import org.candor.core.testing.TestSnapshots;
import org.junit.jupiter.api.Test;

/** The OpenTelemetry profiles export read back with the classes OpenTelemetry publishes. */
class OtlpReportTest {

    private static byte[] bytes(Snapshot s, ReportOptions options) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ReportFormat.OTLP.write(SnapshotFile.of(s), options, out);
        return out.toByteArray();
    }

    private static String type(ProfilesDictionary d, Profile p) {
        return d.getStringTable(p.getSampleType().getTypeStrindex()) + "/" + d.getStringTable(p.getSampleType().getUnitStrindex());
    }

    /** Per function name, the values of the profile's samples whose stack it is the leaf of. */
    private static Map<String, Long> flat(ProfilesDictionary d, Profile p) {
        Map<String, Long> flat = new HashMap<>();
        for (Sample s : p.getSamplesList()) {
            Stack stack = d.getStackTable(s.getStackIndex());
            Location leaf = d.getLocationTable(stack.getLocationIndices(0));
            String name = d.getStringTable(d.getFunctionTable(leaf.getLines(0).getFunctionIndex()).getNameStrindex());
            flat.merge(name, s.getValues(0), Long::sum);
        }
        return flat;
    }

    private static String attribute(ProfilesDictionary d, Sample s, String key) {
        for (int i : s.getAttributeIndicesList()) {
            KeyValueAndUnit a = d.getAttributeTable(i);
            if (d.getStringTable(a.getKeyStrindex()).equals(key)) {
                return a.getValue().hasStringValue() ? a.getValue().getStringValue() : Long.toString(a.getValue().getIntValue());
            }
        }
        return null;
    }

    @Test
    void aProfilePerSampleTypeOverOneDictionaryWithTheHotSpotsSelfValues() throws Exception {
        Snapshot shop = TestSnapshots.shop();
        shop.info().put(SnapshotInfo.METRIC, "wall").put(SnapshotInfo.PID, "4242");
        byte[] bytes = bytes(shop, ReportOptions.defaults());
        ProfilesData data = ProfilesData.parseFrom(bytes);
        // the same fields under the same numbers: what an OTLP exporter sends
        assertThat(ExportProfilesServiceRequest.parseFrom(bytes).getResourceProfilesList()).isEqualTo(data.getResourceProfilesList());

        ProfilesDictionary d = data.getDictionary();
        assertThat(d.getStringTable(0)).isEmpty();
        assertThat(d.getMappingTable(0).getSerializedSize()).isZero();
        assertThat(d.getLocationTable(0).getSerializedSize()).isZero();
        assertThat(d.getFunctionTable(0).getSerializedSize()).isZero();
        assertThat(d.getStackTable(0).getSerializedSize()).isZero();
        assertThat(d.getAttributeTable(0).getSerializedSize()).isZero();
        assertThat(d.getLinkTable(0).getTraceId().size()).isEqualTo(16);

        assertThat(data.getResourceProfiles(0).getResource().getAttributesList())
                .anyMatch(a -> a.getKey().equals("process.pid") && a.getValue().getIntValue() == 4242);
        assertThat(data.getResourceProfiles(0).getScopeProfiles(0).getScope().getName()).isEqualTo("candor");
        List<Profile> profiles = data.getResourceProfiles(0).getScopeProfiles(0).getProfilesList();
        List<String> types = new ArrayList<>();
        for (Profile p : profiles) types.add(type(d, p));
        assertThat(types).containsExactly("wall/nanoseconds", "calls/count"); // the chosen value first

        int calls = shop.metricIndex("calls");
        int self = shop.metricIndex("self_time");
        Map<String, Long> time = flat(d, profiles.get(0));
        Map<String, Long> count = flat(d, profiles.get(1));
        for (HotSpot h : HotSpots.compute(shop, shop.threads())) {
            String name = h.method().qualifiedName();
            assertThat(time.getOrDefault(name, 0L)).as(name).isEqualTo(h.value(self));
            assertThat(count.getOrDefault(name, 0L)).as(name).isEqualTo(h.value(calls));
        }
        Sample first = profiles.get(0).getSamples(0);
        assertThat(attribute(d, first, "thread.name")).isEqualTo("main");
        assertThat(attribute(d, first, "thread.id")).isEqualTo("1");
        assertThat(profiles.get(0).getTimeUnixNano()).isZero(); // the test snapshot's times are not instants
    }

    @Test
    void sampledSnapshotHasItsIntervalAsThePeriodAndTheValueChosenFirst() throws Exception {
        MethodTable m = new MethodTable();
        int run = m.add("p.Job", "run", "()V").id();
        SnapshotInfo info = new SnapshotInfo().put(SnapshotInfo.EVENT, "wall").put(SnapshotInfo.INTERVAL_NS, "5000000")
                .put(SnapshotInfo.START_TIME, "2026-01-02T03:04:05Z").put(SnapshotInfo.END_TIME, "2026-01-02T03:04:06Z");
        Snapshot s = new Snapshot(info, Snapshot.samplingMetrics(false), m);
        CallNode r = new CallNode(null, CallNode.ROOT, 4);
        CallNode n = new CallNode(r, run, 4);
        long[] values = {30_000_000, 30_000_000, 6, 6};
        for (int k = 0; k < 4; k++) n.setValue(k, values[k]);
        s.addThread(new ThreadProfile(3, "pool-1", TestSnapshots.sumIntoRoot(r)));

        ProfilesData data = ProfilesData.parseFrom(bytes(s, ReportOptions.defaults().withValue("samples")));
        ProfilesDictionary d = data.getDictionary();
        List<Profile> profiles = data.getResourceProfiles(0).getScopeProfiles(0).getProfilesList();
        assertThat(type(d, profiles.get(0))).isEqualTo("samples/count");
        assertThat(type(d, profiles.get(1))).isEqualTo("wall/nanoseconds");
        assertThat(flat(d, profiles.get(0))).containsEntry("p.Job.run", 6L);
        assertThat(flat(d, profiles.get(1))).containsEntry("p.Job.run", 30_000_000L);
        Profile p = profiles.get(0);
        assertThat(d.getStringTable(p.getPeriodType().getTypeStrindex())).isEqualTo("wall");
        assertThat(p.getPeriod()).isEqualTo(5_000_000L);
        assertThat(p.getTimeUnixNano()).isEqualTo(1767323045L * 1_000_000_000L);
        assertThat(p.getDurationNano()).isEqualTo(1_000_000_000L);
    }
}
