package org.candor.ui.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TelemetryTest {

    private static SessionStatus reading(long calls, long resets, long cpuNs, long gcMs, long heapUsed) {
        Map<String, String> f = new HashMap<>();
        f.put("state", "recording");
        f.put("calls", Long.toString(calls));
        f.put("resets", Long.toString(resets));
        f.put("jvm.process.cpu_ns", Long.toString(cpuNs));
        f.put("jvm.processors", "2");
        f.put("jvm.gc.ms", Long.toString(gcMs));
        f.put("jvm.heap.used", Long.toString(heapUsed));
        f.put("jvm.heap.committed", Long.toString(4 * heapUsed));
        f.put("jvm.threads.live", "12");
        return SessionStatus.parse(f);
    }

    @Test
    void ratesOverEachIntervalFromTheSecondReadingOn() {
        Telemetry t = new Telemetry();
        assertThat(t.add(reading(1000, 0, 0, 0, 1 << 20), 0)).isNull();
        // one second later: 5,000 more calls, 1.5 s of CPU on 2 processors, 100 ms in GC
        Telemetry.Point p = t.add(reading(6000, 0, 1_500_000_000L, 100, 2 << 20), 1_000_000_000L);
        assertThat(p.seconds).isEqualTo(1.0);
        assertThat(p.callsPerSecond).isEqualTo(5000);
        assertThat(p.cpuPercent).isCloseTo(75, within(1e-9));
        assertThat(p.gcPercent).isCloseTo(10, within(1e-9));
        assertThat(p.heapUsedMb).isEqualTo(2);
        assertThat(p.heapCommittedMb).isEqualTo(8);
        assertThat(p.threads).isEqualTo(12);
    }

    @Test
    void aResetCountsTheCallsSinceItAndMissingFiguresAreNaN() {
        Telemetry t = new Telemetry();
        t.add(reading(9000, 0, 0, 0, 1), 0);
        assertThat(t.add(reading(300, 1, 0, 0, 1), 500_000_000L).callsPerSecond).isEqualTo(600);
        Telemetry bare = new Telemetry();
        bare.add(SessionStatus.parse(Map.of("state", "recording", "calls", "1")), 0);
        Telemetry.Point p = bare.add(SessionStatus.parse(Map.of("state", "recording", "calls", "11")), 1_000_000_000L);
        assertThat(p.callsPerSecond).isEqualTo(10);
        assertThat(p.cpuPercent).isNaN();
        assertThat(p.heapUsedMb).isNaN();
    }

    @Test
    void keepsTheLastPointsOnly() {
        Telemetry t = new Telemetry();
        for (int i = 0; i <= Telemetry.KEPT + 10; i++) t.add(reading(i, 0, 0, 0, 1), i * 1_000_000_000L);
        assertThat(t.points()).hasSize(Telemetry.KEPT);
        assertThat(t.points().get(0).seconds).isEqualTo(11.0);
    }

    @Test
    void aSamplingSessionsLoadIsItsSamplesASecond() {
        Telemetry t = new Telemetry();
        t.add(SessionStatus.parse(Map.of("state", "recording", "mode", "sample", "samples", "1000", "resets", "0")), 0);
        Telemetry.Point p = t.add(SessionStatus.parse(Map.of("state", "recording", "mode", "sample", "samples", "3000",
                "resets", "0")), 2_000_000_000L);
        assertThat(p.callsPerSecond).isEqualTo(1000);
        Telemetry.Point afterReset = t.add(SessionStatus.parse(Map.of("state", "recording", "mode", "sample",
                "samples", "400", "resets", "1")), 3_000_000_000L);
        assertThat(afterReset.callsPerSecond).isEqualTo(400);
    }
}
