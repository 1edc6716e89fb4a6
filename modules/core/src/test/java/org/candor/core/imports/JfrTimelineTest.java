package org.candor.core.imports;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.candor.core.model.SnapshotInfo;
import org.candor.core.trace.TraceDirectory;
import org.candor.core.trace.TraceFormat;
import org.candor.core.trace.TraceRecord;
import org.candor.core.trace.TraceSource;
import org.candor.core.trace.TraceStats;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A JFR recording of a program with known phases, made by the JDK in this JVM, read as a trace: a thread that sleeps
 * 300 ms and then spins, one blocked on a monitor held for 200 ms, two System.gc() calls. Each thread's blocked time
 * is what it did (and exactly the recording's wait events), its running periods are its execution samples and come
 * after its sleep, and the GC markers are the recording's pauses.
 */
class JfrTimelineTest {

    private static final long MS = 1_000_000L;

    @TempDir static Path tmp;
    static Path recording;
    static TraceSource trace;
    static List<TraceRecord> records = new ArrayList<>();
    static long sleeperTid;
    static long blockedTid;

    @BeforeAll
    static void record() throws Exception {
        recording = tmp.resolve("phases.jfr");
        Object lock = new Object();
        long[] tids = new long[2];
        CountDownLatch sleeperDone = new CountDownLatch(1);
        Thread sleeper = new Thread(() -> {
            try {
                Thread.sleep(300);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            BusyRecording.sink = BusyRecording.spinFor(300 * MS);
            sleeperDone.countDown();
        }, "sleeper");
        Thread blocked = new Thread(() -> {
            synchronized (lock) {
                BusyRecording.sink++;
            }
        }, "blocked");
        try (Recording r = new Recording()) {
            r.enable("jdk.ExecutionSample").withPeriod(Duration.ofMillis(10));
            r.enable("jdk.ThreadSleep").withThreshold(Duration.ZERO).withStackTrace();
            r.enable("jdk.JavaMonitorEnter").withThreshold(Duration.ZERO).withStackTrace();
            r.enable("jdk.GCPhasePause");
            r.enable("jdk.GarbageCollection");
            r.enable("jdk.ActiveSetting");
            r.start();
            synchronized (lock) {
                blocked.start();
                while (blocked.getState() != Thread.State.BLOCKED) Thread.onSpinWait();
                sleeper.start();
                Thread.sleep(200);
            }
            System.gc();
            sleeperDone.await();
            System.gc();
            blocked.join();
            sleeper.join();
            r.stop();
            r.dump(recording);
        }
        trace = TraceDirectory.open(recording);
        trace.forEach(records::add);
        for (RecordedEvent e : RecordingFile.readAllEvents(recording)) {
            if (e.getThread() == null) continue;
            if ("sleeper".equals(e.getThread().getJavaName())) sleeperTid = e.getThread().getOSThreadId();
            if ("blocked".equals(e.getThread().getJavaName())) blockedTid = e.getThread().getOSThreadId();
        }
    }

    /** The recording's events of this type, of this thread (by OS id), as the JDK reads them. */
    private static List<RecordedEvent> events(String type, long tid, String threadField) throws Exception {
        List<RecordedEvent> found = new ArrayList<>();
        for (RecordedEvent e : RecordingFile.readAllEvents(recording)) {
            if (e.getEventType().getName().equals(type) && e.getThread(threadField) != null
                    && e.getThread(threadField).getOSThreadId() == tid) {
                found.add(e);
            }
        }
        return found;
    }

    private static long waited(String type, long tid) throws Exception {
        long sum = 0;
        for (RecordedEvent e : events(type, tid, "eventThread")) sum += e.getDuration().toNanos();
        return sum;
    }

    /** The time the thread spent in any of the recording's waits: the union of their intervals. */
    private static long waitedInAll(long tid) throws Exception {
        List<long[]> waits = new ArrayList<>();
        for (String type : List.of("jdk.ThreadSleep", "jdk.JavaMonitorEnter", "jdk.JavaMonitorWait", "jdk.ThreadPark")) {
            for (RecordedEvent e : events(type, tid, "eventThread")) {
                waits.add(new long[] {nanos(e.getStartTime()), nanos(e.getEndTime())});
            }
        }
        waits.sort((a, b) -> Long.compare(a[0], b[0]));
        long sum = 0, end = Long.MIN_VALUE;
        for (long[] w : waits) {
            long from = Math.max(w[0], end);
            if (w[1] > from) sum += w[1] - from;
            end = Math.max(end, w[1]);
        }
        return sum;
    }

    private static long nanos(java.time.Instant t) {
        return t.getEpochSecond() * 1_000_000_000L + t.getNano();
    }

    private static TraceStats.Totals totals(long tid) throws Exception {
        for (TraceStats.Totals t : TraceStats.of(trace).threads()) if (t.tid() == tid) return t;
        throw new AssertionError("no thread " + tid + " in the trace");
    }

    @Test
    void theSleepersSleepIsItsBlockedTimeAndItsSamplesRunAfterIt() throws Exception {
        TraceStats.Totals t = totals(sleeperTid);
        assertThat(t.name()).isEqualTo("sleeper");
        long slept = waited("jdk.ThreadSleep", sleeperTid);
        assertThat(slept).as("the recording's sleep").isGreaterThanOrEqualTo(300 * MS);
        // the sleep, and any monitor it met on the way (class initialisation), exactly as the recording has them
        assertThat(t.blockedTime()).as("blocked: its waits, exactly").isEqualTo(waitedInAll(sleeperTid))
                .isGreaterThanOrEqualTo(slept);

        long samples = events("jdk.ExecutionSample", sleeperTid, "sampledThread").size();
        assertThat(samples).as("samples of the spinning").isGreaterThan(5);
        long running = records.stream().filter(r -> r.isPeriod() && r.thread() == sleeperTid).count();
        assertThat(running).as("a running period a sample").isEqualTo(samples);
        // each sample stands for at most the 10 ms before it: the CPU time is about the spinning's 300 ms, never more
        assertThat(t.cpuTime()).isBetween(samples * MS, samples * 10 * MS);
        assertThat(t.realTime()).isEqualTo(t.cpuTime() + t.blockedTime());

        TraceRecord sleep = records.stream().filter(r -> r.isPeriod() && r.thread() == -sleeperTid).findFirst().get();
        assertThat(sleep.isOffCpu()).isTrue();
        assertThat(sleep.stackId()).as("a wait is no sample").isZero();
        assertThat(trace.meta().display(sleep.methodId())).startsWith("java.lang.Thread.sleep");
        assertThat(records.stream().filter(r -> r.isPeriod() && r.thread() == sleeperTid))
                .as("the spinning comes after the sleep").allMatch(r -> r.start() >= sleep.end());
    }

    @Test
    void theBlockedThreadsWaitForTheMonitorIsItsBlockedTime() throws Exception {
        TraceStats.Totals t = totals(blockedTid);
        long waited = waited("jdk.JavaMonitorEnter", blockedTid);
        assertThat(waited).as("the monitor was held 200 ms").isGreaterThanOrEqualTo(200 * MS);
        assertThat(t.blockedTime()).isEqualTo(waitedInAll(blockedTid)).isGreaterThanOrEqualTo(waited);
        assertThat(t.cpuTime()).as("it hardly ran").isLessThan(50 * MS);
    }

    @Test
    void garbageCollectionPausesAreTheGcMarkers() throws Exception {
        Map<Integer, Integer> markers = new HashMap<>();
        for (TraceRecord r : records) if (r.isMarker()) markers.merge(r.markerKind(), 1, Integer::sum);
        long pauses = RecordingFile.readAllEvents(recording).stream()
                .filter(e -> e.getEventType().getName().equals("jdk.GCPhasePause")).count();
        assertThat(pauses).as("two System.gc() at least").isGreaterThanOrEqualTo(2);
        assertThat(markers).containsOnlyKeys(TraceFormat.MARKER_GC_BEGIN, TraceFormat.MARKER_GC_END);
        assertThat(markers.get(TraceFormat.MARKER_GC_BEGIN)).isEqualTo((int) pauses);
        assertThat(markers.get(TraceFormat.MARKER_GC_END)).isEqualTo((int) pauses);
        assertThat(records.stream().filter(TraceRecord::isMarker)).allMatch(r -> r.tid() == 0 && r.text().startsWith("GC "));
    }

    @Test
    void theTraceIsNamedByTheRecordingInTimeOrder() throws Exception {
        assertThat(trace.path()).isEqualTo(recording);
        assertThat(trace.isMerged()).isTrue();
        assertThat(trace.meta().clock()).isEqualTo(JfrTimeline.CLOCK);
        assertThat(trace.meta().interval()).isEqualTo(10 * MS);
        for (int i = 1; i < records.size(); i++) assertThat(records.get(i).time()).isGreaterThanOrEqualTo(records.get(i - 1).time());
        // the imported snapshot names its trace: the recording itself
        assertThat(ProfileFiles.importSnapshot(recording, ProfileFormat.JFR).info().get(SnapshotInfo.TRACE_DIRECTORY))
                .isEqualTo(recording.toAbsolutePath().toString());
    }

    @Test
    void aTruncatedRecordingIsOneLine() throws Exception {
        byte[] whole = Files.readAllBytes(recording);
        Path cut = tmp.resolve("cut.jfr");
        Files.write(cut, java.util.Arrays.copyOf(whole, whole.length / 2));
        assertThatThrownBy(() -> TraceDirectory.open(cut)).isInstanceOf(ProfileImportException.class)
                .hasMessageStartingWith(cut + ": is not a complete JFR recording").hasMessageNotContaining("\n");
    }
}
