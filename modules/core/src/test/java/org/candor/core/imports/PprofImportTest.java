package org.candor.core.imports;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.candor.core.testing.CallNodes.sampledNode;

import com.google.perftools.profiles.ProfileProto.Function;
import com.google.perftools.profiles.ProfileProto.Line;
import com.google.perftools.profiles.ProfileProto.Location;
import com.google.perftools.profiles.ProfileProto.Profile;
import com.google.perftools.profiles.ProfileProto.Sample;
import com.google.perftools.profiles.ProfileProto.ValueType;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.GZIPOutputStream;
import org.candor.core.model.CallNode;
import org.candor.core.model.MethodTable;
import org.candor.core.model.Snapshot;
import org.candor.core.model.SnapshotInfo;
import org.candor.core.model.ThreadProfile;
import org.candor.core.report.ReportFormat;
import org.candor.core.report.ReportOptions;
import org.candor.core.report.ThreadGrouping;
import org.candor.core.snapshot.SnapshotFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** pprof profiles imported: Candor's own export round-trips, inlined frames and Go's names, bad files one line. */
class PprofImportTest {

    @TempDir Path tmp;

    /** Two threads: main runs a() -> b() (7 self samples in b, 3 in a) and c() (5); worker runs c() (2). */
    static Snapshot sampled() {
        MethodTable methods = new MethodTable();
        int a = methods.add("com.acme.Main", "a", "()V").id();
        int b = methods.add("com.acme.Main", "b", "(I)V").id();
        int c = methods.add("com.acme.Util$Inner", "c", "()V").id();
        SnapshotInfo info = new SnapshotInfo().put(SnapshotInfo.MODE, "sampling").put(SnapshotInfo.EVENT, "cpu")
                .put(SnapshotInfo.INTERVAL_NS, "1000");
        Snapshot s = new Snapshot(info, Snapshot.samplingMetrics(false), methods);
        CallNode main = new CallNode(null, CallNode.ROOT, 4);
        sampledNode(sampledNode(main, a, 10, 3), b, 7, 7);
        sampledNode(main, c, 5, 5);
        s.addThread(new ThreadProfile(1, "main", main));
        CallNode worker = new CallNode(null, CallNode.ROOT, 4);
        sampledNode(worker, c, 2, 2);
        s.addThread(new ThreadProfile(12, "worker-1", worker));
        return s;
    }

    private static String collapsed(SnapshotFile file) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ReportOptions options = ReportOptions.defaults().withValue("self_samples").withGrouping(ThreadGrouping.PER_THREAD);
        ReportFormat.COLLAPSED.write(file, options, out);
        return out.toString(StandardCharsets.UTF_8);
    }

    private static byte[] gzip(byte[] bytes) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            gz.write(bytes);
        }
        return out.toByteArray();
    }

    @Test
    void candorsOwnPprofExportRoundTrips() throws Exception {
        SnapshotFile original = SnapshotFile.of(sampled());
        ByteArrayOutputStream pprof = new ByteArrayOutputStream();
        ReportFormat.PPROF.write(original, ReportOptions.defaults(), pprof);
        Path file = Files.write(tmp.resolve("profile"), pprof.toByteArray()); // told by its content, not its name
        assertThat(ProfileFiles.formatOf(file)).isEqualTo(ProfileFormat.PPROF);
        try (SnapshotFile imported = ProfileFiles.open(file)) {
            assertThat(collapsed(imported)).isEqualTo(collapsed(original));
            assertThat(imported.info().get(ProfileFiles.IMPORT_FORMAT)).isEqualTo("pprof");
            assertThat(imported.info().get(ProfileFiles.IMPORT_EVENTS)).isEqualTo("samples/count");
            assertThat(imported.info().get(SnapshotInfo.INTERVAL_NS)).isEqualTo("1000");
            assertThat(imported.methods().all()).extracting(Object::toString)
                    .contains("com.acme.Main.b(I)V", "com.acme.Util$Inner.c()V");
        }
    }

    @Test
    void inlinedFramesAndAValueInNanoseconds() throws Exception {
        // Go's shape: the leaf location holds an inlined function (its first line) inside its caller (its last)
        Profile p = Profile.newBuilder()
                .addAllStringTable(Arrays.asList("", "cpu", "nanoseconds", "main.work", "main.hash", "runtime.main"))
                .addSampleType(ValueType.newBuilder().setType(1).setUnit(2))
                .addFunction(Function.newBuilder().setId(1).setName(3))
                .addFunction(Function.newBuilder().setId(2).setName(4))
                .addFunction(Function.newBuilder().setId(3).setName(5))
                .addLocation(Location.newBuilder().setId(10).addLine(Line.newBuilder().setFunctionId(2))
                        .addLine(Line.newBuilder().setFunctionId(1)))
                .addLocation(Location.newBuilder().setId(11).addLine(Line.newBuilder().setFunctionId(3)))
                .addSample(Sample.newBuilder().addLocationId(10).addLocationId(11).addValue(30_000_000))
                .addSample(Sample.newBuilder().addLocationId(11).addValue(-5)) // a difference's: left out
                .build();
        Path file = Files.write(tmp.resolve("cpu.pb.gz"), gzip(p.toByteArray()));
        Snapshot s = ProfileFiles.importSnapshot(file, ProfileFiles.formatOf(file));
        assertThat(collapsed(SnapshotFile.of(s)))
                .isEqualTo("[all threads tid=0];runtime.main;main.work;main.hash 30000000\n");
        assertThat(s.info().get(SnapshotInfo.INTERVAL_NS)).isEqualTo("1");
    }

    @Test
    void aFileThatIsNotGzipIsOneLine() throws Exception {
        Path file = Files.writeString(tmp.resolve("x.pb.gz"), "not gzip at all");
        assertThat(ProfileFiles.formatOf(file)).isEqualTo(ProfileFormat.PPROF);
        assertThatThrownBy(() -> ProfileFiles.open(file)).isInstanceOf(ProfileImportException.class)
                .hasMessage(file + ": not gzip-compressed: a pprof profile is gzipped protobuf");
    }

    @Test
    void gzipThatIsNoProfileOrIsTruncatedIsOneLine() throws Exception {
        Path garbage = Files.write(tmp.resolve("garbage.gz"), gzip(new byte[] {(byte) 0xff, (byte) 0xff, (byte) 0xff, 0x0f}));
        assertThatThrownBy(() -> ProfileFiles.open(garbage)).isInstanceOf(ProfileImportException.class)
                .hasMessageStartingWith(garbage + ": gzipped, but not a pprof profile (protobuf Profile): ")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));

        ByteArrayOutputStream pprof = new ByteArrayOutputStream();
        ReportFormat.PPROF.write(SnapshotFile.of(sampled()), ReportOptions.defaults(), pprof);
        byte[] whole = pprof.toByteArray();
        Path half = Files.write(tmp.resolve("half.pb.gz"), Arrays.copyOf(whole, whole.length / 2));
        assertThatThrownBy(() -> ProfileFiles.open(half)).isInstanceOf(ProfileImportException.class)
                .hasMessageStartingWith(half + ": a damaged or truncated gzip stream");

        Profile dangling = Profile.newBuilder().addAllStringTable(Arrays.asList("", "samples", "count"))
                .addSampleType(ValueType.newBuilder().setType(1).setUnit(2))
                .addSample(Sample.newBuilder().addLocationId(7).addValue(1)).build();
        Path bad = Files.write(tmp.resolve("dangling.pb.gz"), gzip(dangling.toByteArray()));
        assertThatThrownBy(() -> ProfileFiles.open(bad)).isInstanceOf(ProfileImportException.class)
                .hasMessage(bad + ": a sample names location 7, which the profile lacks");

        Path empty = Files.write(tmp.resolve("empty.pb.gz"), gzip(new byte[0]));
        assertThatThrownBy(() -> ProfileFiles.open(empty)).isInstanceOf(ProfileImportException.class)
                .hasMessage(empty + ": a pprof profile with no sample types");
    }
}
