package org.candor.core.imports;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedMethod;
import jdk.jfr.consumer.RecordingFile;
import org.candor.core.model.CallNode;
import org.candor.core.model.JvmNames;
import org.candor.core.model.MethodInfo;
import org.candor.core.model.Snapshot;
import org.candor.core.model.SnapshotInfo;
import org.candor.core.model.ThreadProfile;
import org.candor.core.snapshot.SnapshotFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A JFR recording made by the JDK in this JVM, imported: the busy method on top, and every method's self samples the
 * count of execution samples whose top frame it is, as counted here by reading the same file with the JDK's reader.
 */
class JfrImportTest {

    @TempDir static Path tmp;
    static Path recording;

    @BeforeAll
    static void record() throws Exception {
        recording = BusyRecording.record(tmp.resolve("busy.jfr"), 1_000_000_000L);
    }

    @Test
    void selfSamplesAreTheTopFramesOfTheExecutionSamples() throws Exception {
        Map<String, Long> expected = new HashMap<>();
        long samples = 0;
        for (RecordedEvent e : RecordingFile.readAllEvents(recording)) {
            if (!e.getEventType().getName().equals("jdk.ExecutionSample") || e.getStackTrace() == null) continue;
            List<RecordedFrame> frames = e.getStackTrace().getFrames();
            if (frames.isEmpty()) continue;
            RecordedMethod m = frames.get(0).getMethod(); // JFR's stacks are leaf first
            // hidden classes' names as Candor writes them (Foo$$Lambda/0x...), the one rewrite of a JFR type name
            expected.merge(JvmNames.className(m.getType().getName()) + "." + m.getName() + m.getDescriptor(), 1L, Long::sum);
            samples++;
        }
        assertThat(samples).as("execution samples in the recording").isGreaterThan(20);

        assertThat(ProfileFiles.formatOf(recording)).isEqualTo(ProfileFormat.JFR);
        Snapshot s = ProfileFiles.importSnapshot(recording, ProfileFormat.JFR);
        Map<String, Long> self = selfSamples(s);
        assertThat(self).isEqualTo(expected);
        String top = self.entrySet().stream().max(Map.Entry.comparingByValue()).get().getKey();
        assertThat(top).isEqualTo(BusyRecording.class.getName() + ".spinFor(J)J");

        assertThat(s.info().get(SnapshotInfo.MODE)).isEqualTo("sampling");
        assertThat(s.info().get(SnapshotInfo.INTERVAL_NS)).isEqualTo("10000000");
        assertThat(s.info().get(ProfileFiles.IMPORT_FORMAT)).isEqualTo("jfr");
        assertThat(s.stat("import.samples")).isEqualTo(samples);
        int samplesIndex = s.metricIndex("samples"), totalTime = s.metricIndex("total_time");
        for (ThreadProfile t : s.threads()) {
            assertThat(t.root().value(totalTime)).isEqualTo(t.root().value(samplesIndex) * 10_000_000L);
        }
        ThreadProfile main = s.threads().stream().filter(t -> t.threadId() == Thread.currentThread().getId()).findFirst().get();
        assertThat(main.name()).isEqualTo(Thread.currentThread().getName());
    }

    @Test
    void theHotMethodsAreThoseJfrPrintCounts() throws Exception {
        // the JDK's own tool, not its reader: each event's first stack line is its top frame, 'Class.m(int) line: 7'
        Path jfr = Path.of(System.getProperty("java.home"), "bin", "jfr");
        assumeTrue(Files.isExecutable(jfr), "no jfr tool in " + jfr.getParent());
        Process p = new ProcessBuilder(jfr.toString(), "print", "--events", "jdk.ExecutionSample", recording.toString())
                .redirectErrorStream(true).start();
        String printed = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(printed).isZero();
        Map<String, Long> printedTops = new HashMap<>();
        String[] lines = printed.split("\n");
        for (int i = 0; i + 1 < lines.length; i++) {
            if (!lines[i].trim().equals("stackTrace = [")) continue;
            String top = lines[i + 1].trim();
            int at = top.lastIndexOf(" line: ");
            printedTops.merge(at >= 0 ? top.substring(0, at) : top, 1L, Long::sum);
        }
        assertThat(printedTops.values().stream().mapToLong(Long::longValue).sum()).isGreaterThan(20);

        Snapshot s = ProfileFiles.importSnapshot(recording, ProfileFormat.JFR);
        int selfSamples = s.metricIndex("self_samples");
        Map<String, Long> candorTops = new HashMap<>();
        for (ThreadProfile t : s.threads()) {
            ArrayDeque<CallNode> todo = new ArrayDeque<>(t.root().children());
            while (!todo.isEmpty()) {
                CallNode n = todo.pop();
                if (n.value(selfSamples) > 0) candorTops.merge(s.methods().get(n.methodId()).signature(), n.value(selfSamples), Long::sum);
                todo.addAll(n.children());
            }
        }
        // the same methods with the same counts, as the report names them (hidden classes aside: named apart)
        candorTops.keySet().removeIf(m -> m.contains("0x"));
        printedTops.keySet().removeIf(m -> m.contains("0x"));
        assertThat(candorTops).isEqualTo(printedTops);
        String hottest = candorTops.entrySet().stream().max(Map.Entry.comparingByValue()).get().getKey();
        assertThat(hottest).isEqualTo(BusyRecording.class.getName() + ".spinFor(long)");
    }

    @Test
    void withoutItsSettingTheIntervalIsTheTypicalGapBetweenSamples() throws Exception {
        Path file = tmp.resolve("no-settings.jfr");
        try (Recording r = new Recording()) {
            r.enable("jdk.ExecutionSample").withPeriod(Duration.ofMillis(10));
            r.start();
            BusyRecording.sink = BusyRecording.spinFor(300_000_000L);
            r.stop();
            r.dump(file);
        }
        Snapshot s = ProfileFiles.importSnapshot(file, ProfileFormat.JFR);
        assertThat(s.info().get(CollapsedStacks.INTERVAL_SOURCE)).startsWith("derived");
        // a busy machine delays samples (47 ms apart at a load of 10 on 2 CPUs): the interval is never below the
        // period, and a whole number of milliseconds
        long interval = Long.parseLong(s.info().get(SnapshotInfo.INTERVAL_NS));
        assertThat(interval).isBetween(10_000_000L, 100_000_000L);
        assertThat(interval % 1_000_000L).isZero();
    }

    @Test
    void opensAsASnapshotFileWhateverItsName() throws Exception {
        Path renamed = Files.copy(recording, tmp.resolve("profile.bin"));
        try (SnapshotFile f = ProfileFiles.open(renamed)) {
            assertThat(f.info().get(ProfileFiles.IMPORT_FORMAT)).isEqualTo("jfr");
            assertThat(f.threads()).isNotEmpty();
        }
    }

    @Test
    void aTruncatedRecordingIsOneLine() throws Exception {
        byte[] whole = Files.readAllBytes(recording);
        Path half = Files.write(tmp.resolve("half.jfr"), java.util.Arrays.copyOf(whole, whole.length / 2));
        assertThatThrownBy(() -> ProfileFiles.open(half))
                .isInstanceOf(ProfileImportException.class)
                .hasMessageStartingWith(half + ": is not a complete JFR recording")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    @Test
    void anEmptyJfrFileIsOneLine() throws Exception {
        Path empty = Files.write(tmp.resolve("empty.jfr"), new byte[0]);
        assertThatThrownBy(() -> ProfileFiles.open(empty))
                .isInstanceOf(ProfileImportException.class)
                .hasMessageStartingWith(empty + ": is not a complete JFR recording");
    }

    /** Each method's self samples over all threads, by class.name + descriptor. */
    static Map<String, Long> selfSamples(Snapshot s) {
        int selfSamples = s.metricIndex("self_samples");
        Map<String, Long> self = new HashMap<>();
        for (ThreadProfile t : s.threads()) {
            ArrayDeque<CallNode> todo = new ArrayDeque<>(t.root().children());
            while (!todo.isEmpty()) {
                CallNode n = todo.pop();
                MethodInfo m = s.methods().get(n.methodId());
                if (n.value(selfSamples) > 0) self.merge(m.qualifiedName() + m.descriptor(), n.value(selfSamples), Long::sum);
                todo.addAll(n.children());
            }
        }
        return self;
    }

    @Test
    void hiddenClassesAreNamedAsCandorsOwnProfilesNameThem() {
        // JFR (JDK 17) names a lambda's hidden class with '+' and its identity hash: not a method "707976812.call"
        assertThat(JvmNames.className(JfrRecording.signatureName("org.candor.demo.DemoApp$$Lambda$88+0x0000000801002a00.707976812")))
                .isEqualTo("org.candor.demo.DemoApp$$Lambda$88/0x0000000801002a00");
        assertThat(JfrRecording.signatureName("java.util.ArrayList")).isEqualTo("java.util.ArrayList");
        assertThat(JfrRecording.signatureName("a.b.Plus+Name")).isEqualTo("a.b.Plus+Name");
    }
}
