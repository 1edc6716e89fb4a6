package org.candor.core.trace;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChromeTraceExporterTest {

    @TempDir Path tmp;

    static final String ODD_TEXT = "say \"hi\"\n\tthen \\ bye \u0001 \u00e9 \ud83d\ude00 \u2028";
    static final int GC = ChromeTraceExporter.GC_TID;
    static final int M = ChromeTraceExporter.MARKER_TRACK;

    private static long[] c(long task, long faults, long voluntary, long involuntary) {
        return new long[] {task, faults, voluntary, involuntary};
    }

    private static TraceRecord marker(int kind, int thread, long time, int cpu, String text) {
        return TraceRecord.marker(kind, thread, time, cpu, text);
    }

    /**
     * Two CPUs, threads 100 ("main") and 200 ("worker-1", renamed "worker-renamed"); a running, a blocked (which
     * migrated, with no Java frame) and a descheduled period; a point marker of odd text; phases: a pair, a pair
     * whose begin is in the other CPU's file, an end never begun, one never ended, a crossed pair; GCs: a pair and an
     * end never begun.
     */
    private Path traceDir() throws IOException {
        List<TraceRecord> cpu0 = List.of(
                TraceRecord.period(TraceFormat.FLAG_FIRST | TraceFormat.FLAG_TICK, 100, 1_000_000, 1_000_000, 7, 0, 0, c(1_000_000, 3, 0, 0)),
                marker(TraceFormat.MARKER_PHASE_BEGIN, 100, 1_200_000, 0, "work"),
                marker(TraceFormat.MARKER_POINT, 100, 1_500_000, 0, ODD_TEXT),
                TraceRecord.period(TraceFormat.FLAG_TICK, -100, 2_000_000, 1_000_001, 0, 0, 1, c(400_000, 0, 1, 0)),
                marker(TraceFormat.MARKER_PHASE_END, 100, 2_500_000, 0, "work"),
                marker(TraceFormat.MARKER_PHASE_END, 100, 2_600_000, 0, "never begun"),
                marker(TraceFormat.MARKER_PHASE_END, 100, 2_800_000, 0, "io"));
        List<TraceRecord> cpu1 = List.of(
                marker(TraceFormat.MARKER_PHASE_BEGIN, 200, 600_000, 1, "outer"),
                marker(TraceFormat.MARKER_PHASE_BEGIN, 200, 700_000, 1, "inner"),
                marker(TraceFormat.MARKER_PHASE_END, 200, 800_000, 1, "outer"),
                marker(TraceFormat.MARKER_PHASE_END, 200, 900_000, 1, "inner"),
                marker(TraceFormat.MARKER_GC_BEGIN, 0, 1_500_000, 1, ""),
                marker(TraceFormat.MARKER_PHASE_BEGIN, 200, 2_000_000, 1, "open forever"),
                TraceRecord.period(TraceFormat.FLAG_LAST, 200, 500_123, 2_000_000, 9, 1, 1, c(1_500_000, 1, 0, 2)),
                marker(TraceFormat.MARKER_GC_END, 0, 1_600_000, 1, ""),
                marker(TraceFormat.MARKER_PHASE_BEGIN, 100, 2_700_000, 1, "io"),
                marker(TraceFormat.MARKER_GC_END, 0, 3_000_000, 1, ""));
        return TraceFixtures.directory(tmp.resolve("run.trace"), TraceFixtures.meta(), cpu0, cpu1);
    }

    private static byte[] export(TraceSource source) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ChromeTraceExporter.export(source, out);
        return out.toByteArray();
    }

    private static JsonNode only(List<JsonNode> events, String ph, String name, long tid) {
        List<JsonNode> found = events.stream().filter(e -> e.get("ph").asText().equals(ph)
                && e.get("name").asText().equals(name) && e.get("tid").asLong() == tid).collect(Collectors.toList());
        assertThat(found).as(ph + " " + name + " on " + tid).hasSize(1);
        return found.get(0);
    }

    @Test
    void everyRecordBecomesItsEvent() throws Exception {
        TraceSource source = TraceDirectory.open(traceDir());
        ChromeTraceJson json = ChromeTraceJson.check(export(source));
        List<JsonNode> events = json.events;

        // metadata: the process, each thread by its last name and its markers beside it, sorted by first record
        JsonNode process = only(events, "M", "process_name", 4242);
        assertThat(process.get("pid").asLong()).isEqualTo(4242);
        assertThat(process.get("args").get("name").asText()).isEqualTo("java (pid 4242)");
        assertThat(json.threadNames()).isEqualTo(Map.of(100L, "main", 200L, "worker-renamed", M + 100L, "main (markers)",
                M + 200L, "worker-renamed (markers)", (long) GC, "GC"));
        long[] order = {200, M + 200, 100, M + 100, GC};
        for (int i = 0; i < order.length; i++) {
            assertThat(only(events, "M", "thread_sort_index", order[i]).get("args").get("sort_index").asInt()).isEqualTo(i + 1);
        }
        for (JsonNode e : events) assertThat(e.get("pid").asLong()).as(e.toString()).isEqualTo(4242);

        // periods: complete events with the records' times, to the nanosecond, and their counters
        List<JsonNode> periods = json.events("X");
        assertThat(periods).hasSize(3);
        JsonNode running = only(events, "X", "com.acme.Foo.run()V", 100);
        assertThat(running.get("cat").asText()).isEqualTo("running");
        assertThat(running.get("ts").toString()).isEqualTo("1000");
        assertThat(running.get("dur").toString()).isEqualTo("1000");
        assertThat(running.get("args").toString()).isEqualTo("{\"cpu\":0,\"task-clock\":1000000,\"page-faults\":3,"
                + "\"voluntary-switches\":0,\"involuntary-switches\":0,\"offCpu ns\":0}");
        JsonNode blocked = only(events, "X", ChromeTraceExporter.NO_JAVA_FRAME, 100);
        assertThat(blocked.get("cat").asText()).isEqualTo("blocked");
        assertThat(ChromeTraceJson.sameMicros(blocked.get("ts"), 2_000_000)).isTrue();
        assertThat(ChromeTraceJson.sameMicros(blocked.get("dur"), 1_000_001)).isTrue();
        assertThat(blocked.get("dur").decimalValue().toPlainString()).isEqualTo("1000.001");
        assertThat(blocked.get("args").toString()).isEqualTo("{\"cpu\":0,\"startCpu\":1,\"task-clock\":400000,"
                + "\"page-faults\":0,\"voluntary-switches\":1,\"involuntary-switches\":0,\"offCpu ns\":600001}");
        JsonNode descheduled = only(events, "X", "[vm].Interpreter", 200);
        assertThat(descheduled.get("cat").asText()).isEqualTo("descheduled");
        assertThat(descheduled.get("ts").decimalValue().toPlainString()).isEqualTo("500.123");
        assertThat(descheduled.get("args").get("offCpu ns").asLong()).isEqualTo(500_000);
        assertThat(descheduled.get("args").get("involuntary-switches").asLong()).isEqualTo(2);

        // the point marker: its text exactly, whatever it holds
        JsonNode point = only(events, "i", ODD_TEXT, M + 100);
        assertThat(point.get("s").asText()).isEqualTo("t");
        assertThat(point.get("cat").asText()).isEqualTo("marker");
        assertThat(ChromeTraceJson.sameMicros(point.get("ts"), 1_500_000)).isTrue();

        // phases: B and E pairs on each thread's markers track; ends never begun as instants
        assertThat(phases(json, M + 100)).containsExactly("B work @1200", "E work @2500", "i end of never begun @2600",
                "B io @2700", "E io @2800");
        assertThat(phases(json, M + 200)).containsExactly("B outer @600", "B inner @700", "E inner @800", "E outer @800",
                "i end of inner @900", "B open forever @2000", "E open forever @2500.123");
        assertThat(only(events, "E", "inner", M + 200).get("args").get("closed").asText()).isEqualTo("by the end of outer");
        assertThat(only(events, "E", "open forever", M + 200).get("args").get("closed").asText()).isEqualTo("no end marker");
        // GCs on their pseudo thread
        assertThat(phases(json, GC)).containsExactly("B GC @1500", "E GC @1600", "i end of GC @3000");
        assertThat(only(events, "B", "GC", GC).get("cat").asText()).isEqualTo("gc");

        assertThat(events).hasSize(1 + 5 * 2 + 3 + 1 + 5 + 7 + 3);
        JsonNode other = json.root.get("otherData");
        assertThat(other.get("runId").asText()).isEqualTo(Long.toUnsignedString(TraceFixtures.RUN));
        assertThat(other.get("pid").asLong()).isEqualTo(4242);
        assertThat(other.get("dropped").asLong()).isEqualTo(3);
        assertThat(other.get("intervalNs").asLong()).isEqualTo(1_000_000);
        assertThat(other.get("counters").size()).isEqualTo(4);
        assertThat(other.get("counters").get(0).toString()).isEqualTo("{\"index\":0,\"event\":\"task-clock\",\"unit\":\"ns\"}");
        assertThat(other.get("merged").asBoolean()).isFalse();
        assertThat(other.get("unmatchedEnds").asLong()).isEqualTo(3);
        assertThat(other.get("unclosedPhases").asLong()).isEqualTo(1);
        assertThat(other.get("warnings").size()).isZero();
    }

    /** The thread's B, E and i events in order: {@code B name @ts}. */
    private static List<String> phases(ChromeTraceJson json, long tid) {
        List<String> found = new ArrayList<>();
        for (JsonNode e : json.events) {
            String ph = e.get("ph").asText();
            if (e.get("tid").asLong() != tid || !List.of("B", "E").contains(ph)
                    && !(ph.equals("i") && e.get("name").asText().startsWith("end of "))) {
                continue;
            }
            found.add(ph + " " + e.get("name").asText() + " @" + e.get("ts").decimalValue().toPlainString());
        }
        return found;
    }

    @Test
    void aMergedTraceGivesTheSameEvents() throws Exception {
        Path dir = traceDir();
        Path merged = tmp.resolve("run.ctrace");
        TraceMerge.merge(dir, merged);
        ChromeTraceJson fromDir = ChromeTraceJson.check(export(TraceDirectory.open(dir)));
        ChromeTraceJson fromMerged = ChromeTraceJson.check(export(TraceDirectory.open(merged)));
        assertThat(sorted(fromMerged)).isEqualTo(sorted(fromDir));
        assertThat(fromMerged.root.get("otherData").get("merged").asBoolean()).isTrue();
        // streamed in time order as read: the periods' and markers' events keep the trace's order
        List<String> times = new ArrayList<>();
        for (JsonNode e : fromMerged.events("X")) times.add(e.get("ts").decimalValue().toPlainString());
        assertThat(times).containsExactly("500.123", "1000", "2000");
    }

    private static List<String> sorted(ChromeTraceJson json) {
        return json.events.stream().map(JsonNode::toString).sorted().collect(Collectors.toList());
    }

    @Test
    void aTraceWithoutCountersPidOrRecordsIsStillValid() throws Exception {
        TraceMeta meta = new TraceMeta.Builder().runId(5).thread(7, 0, 1, "only").build();
        Path dir = TraceFixtures.directory(tmp.resolve("bare"), meta,
                List.of(TraceRecord.period(0, -7, 10, 5, 0, 0, 0, new long[0]),
                        marker(TraceFormat.MARKER_PHASE_BEGIN, 7, 12, 0, ""),
                        marker(9, 7, 13, 0, "from the future")));
        ChromeTraceJson json = ChromeTraceJson.check(export(TraceDirectory.open(dir)));
        JsonNode period = only(json.events, "X", ChromeTraceExporter.NO_JAVA_FRAME, 7);
        assertThat(period.get("pid").asLong()).isEqualTo(1);
        assertThat(period.get("cat").asText()).isEqualTo("blocked");
        assertThat(period.get("ts").decimalValue().toPlainString()).isEqualTo("0.01");
        assertThat(period.get("dur").decimalValue().toPlainString()).isEqualTo("0.005");
        assertThat(period.get("args").toString()).isEqualTo("{\"cpu\":0}");
        assertThat(only(json.events, "M", "process_name", 1).get("args").get("name").asText()).isEqualTo("java");
        assertThat(only(json.events, "B", "(phase)", M + 7)).isNotNull();
        assertThat(only(json.events, "E", "(phase)", M + 7).get("ts").decimalValue().toPlainString()).isEqualTo("0.015");
        assertThat(only(json.events, "i", "from the future", M + 7).get("cat").asText()).isEqualTo("kind-9");
        assertThat(json.threadNames()).isEqualTo(Map.of(7L, "only", M + 7L, "only (markers)"));

        Path empty = TraceFixtures.directory(tmp.resolve("empty"), meta, List.of());
        ChromeTraceJson none = ChromeTraceJson.check(export(TraceDirectory.open(empty)));
        assertThat(none.events).hasSize(1); // the process's name
    }

    @Test
    void countersNamedLikeOtherArgumentsKeepTheirOwnKeys() throws Exception {
        TraceMeta meta = new TraceMeta.Builder().runId(5).pid(9).counter(0, "cpu", "count").counter(1, "cpu", "count").build();
        Path dir = TraceFixtures.directory(tmp.resolve("dup"), meta,
                List.of(TraceRecord.period(0, 7, 10, 5, 0, 0, 0, new long[] {1, -1})));
        ChromeTraceJson json = ChromeTraceJson.check(export(TraceDirectory.open(dir)));
        assertThat(json.events("X").get(0).get("args").toString())
                .isEqualTo("{\"cpu\":0,\"cpu#0\":1,\"cpu#1\":18446744073709551615}");
    }

    @Test
    void theStreamIsFlushedNotClosed() throws Exception {
        TraceSource source = TraceDirectory.open(traceDir());
        boolean[] closed = {false};
        ByteArrayOutputStream out = new ByteArrayOutputStream() {
            @Override public void close() { closed[0] = true; }
        };
        ChromeTraceExporter.Result r = ChromeTraceExporter.export(source, out);
        assertThat(closed[0]).isFalse();
        assertThat(r.events()).isEqualTo(ChromeTraceJson.check(out.toByteArray()).events.size());
        assertThat(r.threads()).isEqualTo(5);
        assertThat(r.unmatchedEnds()).isEqualTo(3);
        assertThat(r.unclosedPhases()).isEqualTo(1);
        assertThat(new String(out.toByteArray(), StandardCharsets.UTF_8))
                .startsWith("{\"traceEvents\":[\n{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":4242,\"tid\":4242,")
                .endsWith("\n],\"displayTimeUnit\":\"ns\",\"otherData\":{\"generator\":\"Candor\",\"runId\":\""
                        + Long.toUnsignedString(TraceFixtures.RUN) + "\",\"pid\":4242,\"clock\":\"monotonic\","
                        + "\"intervalNs\":1000000,\"cpus\":4,\"dropped\":3,\"end\":1000000,\"counters\":["
                        + "{\"index\":0,\"event\":\"task-clock\",\"unit\":\"ns\"},"
                        + "{\"index\":1,\"event\":\"page-faults\",\"unit\":\"count\"},"
                        + "{\"index\":2,\"event\":\"voluntary-switches\",\"unit\":\"count\"},"
                        + "{\"index\":3,\"event\":\"involuntary-switches\",\"unit\":\"count\"}],\"merged\":false,"
                        + "\"unmatchedEnds\":3,\"unclosedPhases\":1,\"warnings\":[]}}\n");
    }

    @Test
    void aCutFileSaysSoInOtherData() throws Exception {
        Path dir = traceDir();
        Path f = dir.resolve("cpu-1.ctrace");
        byte[] b = Files.readAllBytes(f);
        Files.write(f, java.util.Arrays.copyOf(b, b.length - 3));
        ChromeTraceJson json = ChromeTraceJson.check(export(TraceDirectory.open(dir)));
        assertThat(json.root.get("otherData").get("warnings").get(0).asText()).contains("cpu-1.ctrace");
        // the last record, the unmatched GC end, is cut off; the rest is there
        assertThat(phases(json, GC)).containsExactly("B GC @1500", "E GC @1600");
        assertThat(json.root.get("otherData").get("unmatchedEnds").asLong()).isEqualTo(2);
    }
}
