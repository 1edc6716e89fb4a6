package org.candor.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.candor.cli.InProcessCli.candor;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.perftools.profiles.ProfileProto.Profile;
import com.google.perftools.profiles.ProfileProto.ValueType;
import io.opentelemetry.proto.profiles.v1development.ProfilesData;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.candor.core.model.CallNode;
import org.candor.core.model.Metric;
import org.candor.core.model.MethodTable;
import org.candor.core.model.Snapshot;
import org.candor.core.model.SnapshotInfo;
import org.candor.core.model.ThreadProfile;
import org.candor.core.snapshot.SnapshotWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code candor report --format} of the interchange formats (speedscope, ...) in this JVM, through Main. */
class ReportExportFormatsTest {

    @TempDir Path tmp;

    /** A sampled snapshot: main calls Foo.run, which calls Foo.work; 10 samples, 7 of them in work. */
    private Path snapshot() throws Exception {
        SnapshotInfo info = new SnapshotInfo().put(SnapshotInfo.MODE, "sample").put(SnapshotInfo.INTERVAL_NS, "1000000");
        MethodTable methods = new MethodTable();
        int run = methods.add("com.acme.Foo", "run", "()V").id();
        int work = methods.add("com.acme.Foo", "work", "()V").id();
        List<Metric> metrics = Snapshot.samplingMetrics(false); // total, self (ns), samples, self samples
        Snapshot s = new Snapshot(info, metrics, methods);
        CallNode root = new CallNode(null, CallNode.ROOT, metrics.size());
        CallNode r = new CallNode(root, run, metrics.size());
        CallNode w = new CallNode(r, work, metrics.size());
        long[][] values = {{10_000_000, 0, 10, 0}, {10_000_000, 3_000_000, 10, 3}, {7_000_000, 7_000_000, 7, 7}};
        CallNode[] nodes = {root, r, w};
        for (int n = 0; n < 3; n++) for (int k = 0; k < 4; k++) nodes[n].setValue(k, values[n][k]);
        s.addThread(new ThreadProfile(1, "main", root));
        Path file = tmp.resolve("run.candor");
        SnapshotWriter.write(s, file);
        return file;
    }

    private byte[] report(String format, String... more) throws Exception {
        Path out = tmp.resolve("out." + format);
        List<String> args = new ArrayList<>(List.of("report", snapshot().toString(), "--format", format, "-o", out.toString()));
        args.addAll(List.of(more));
        InProcessCli.Run r = candor(args.toArray(new String[0]));
        assertThat(r.exit).as(r.toString()).isZero();
        assertThat(r.out).isEmpty();
        assertThat(r.err).isEmpty();
        return Files.readAllBytes(out);
    }

    @Test
    void speedscopeWritesTheFile() throws Exception {
        JsonNode file = new ObjectMapper().readTree(report("speedscope"));
        assertThat(file.get("$schema").asText()).isEqualTo("https://www.speedscope.app/file-format-schema.json");
        JsonNode profile = file.get("profiles").get(0);
        assertThat(profile.get("name").asText()).isEqualTo("main");
        assertThat(profile.get("unit").asText()).isEqualTo("nanoseconds");
        assertThat(profile.get("samples").toString()).isEqualTo("[[0],[0,1]]");
        assertThat(profile.get("weights").toString()).isEqualTo("[3000000,7000000]");
        assertThat(profile.get("endValue").asLong()).isEqualTo(10_000_000);
    }

    @Test
    void pprofWritesAGzippedProfileOfSamplesAndCpuTime() throws Exception {
        Profile p;
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(report("pprof")))) {
            p = Profile.parseFrom(in);
        }
        List<String> types = new ArrayList<>();
        for (ValueType t : p.getSampleTypeList()) types.add(p.getStringTable((int) t.getType()) + "/" + p.getStringTable((int) t.getUnit()));
        assertThat(types).containsExactly("time/nanoseconds", "samples/count");
        assertThat(p.getPeriod()).isEqualTo(1_000_000);
        assertThat(p.getSampleList()).extracting(s -> s.getLocationIdCount() + " " + s.getValueList())
                .containsExactly("1 [3000000, 3]", "2 [7000000, 7]");
    }

    @Test
    void otlpWritesProfilesDataOfSamplesAndTime() throws Exception {
        ProfilesData data = ProfilesData.parseFrom(report("otlp", "--value", "samples"));
        List<io.opentelemetry.proto.profiles.v1development.Profile> profiles =
                data.getResourceProfiles(0).getScopeProfiles(0).getProfilesList();
        assertThat(profiles).hasSize(2);
        assertThat(data.getDictionary().getStringTable(profiles.get(0).getSampleType().getTypeStrindex())).isEqualTo("samples");
        assertThat(profiles.get(0).getSamplesList()).extracting(s -> s.getValues(0)).containsExactly(3L, 7L);
        assertThat(profiles.get(0).getPeriod()).isEqualTo(1_000_000);
    }

    @Test
    void flamegraphWritesOnePage() throws Exception {
        String html = new String(report("flamegraph", "--value", "samples"), StandardCharsets.UTF_8);
        assertThat(html).startsWith("<!DOCTYPE html>").doesNotContain("https://", "http://");
        String start = "<script type=\"application/json\" id=\"candor-profile\">";
        int from = html.indexOf(start) + start.length();
        JsonNode profile = new ObjectMapper().readTree(html.substring(from, html.indexOf("</script>", from)));
        assertThat(profile.get("metric").asText()).isEqualTo("Samples");
        assertThat(profile.get("trees")).hasSize(1);
        assertThat(profile.get("trees").get(0).get("root").get("value").asLong()).isEqualTo(10);
    }

    @Test
    void helpAndTheUnknownFormatErrorListTheFormats() {
        String help = candor("help", "report").out;
        InProcessCli.Run unknown = candor("report", "x.candor", "--format", "pdf");
        assertThat(unknown.exit).isEqualTo(2);
        for (String format : new String[] {"speedscope", "pprof", "otlp", "flamegraph"}) {
            assertThat(help).contains(format);
            assertThat(unknown.err).contains(format);
        }
    }
}
