package org.candor.ui.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SessionStatusTest {

    /** A status reply as an attached Lazy session sends it, with a root that matched nothing. */
    private static Map<String, String> recording() {
        Map<String, String> f = new LinkedHashMap<>();
        f.put("protocol", "1");
        f.put("pid", "4242");
        f.put("state", "recording");
        f.put("mode", "instrumentation");
        f.put("scheme", "lazy");
        f.put("roots", "com.acme.Server.handle,com.acme.Server.hnadle");
        f.put("include", "com.acme.**");
        f.put("exclude", "");
        f.put("recording", "on");
        f.put("start", "now");
        f.put("calibration", "runtime");
        f.put("calibration.warmup", "done");
        f.put("started.by", "attach");
        f.put("clock", "tsc");
        f.put("metric", "wall");
        f.put("data.start", "2026-11-25T14:02:11.123456Z");
        f.put("uptime.ms", "192500");
        f.put("resets", "1");
        f.put("threads", "5");
        f.put("calls", "1234567");
        f.put("warning.1", "candor: warning: --root 'com.acme.Server.hnadle' matched no method the program loaded"
                + " that the filters let through");
        f.put("classes.instrumented", "12");
        f.put("methods.instrumented", "140");
        f.put("output", "/home/u/candor-snapshots/4242-exit.candor");
        return f;
    }

    @Test
    void aRecordingSessionInWordsWithItsWarnings() {
        SessionStatus s = SessionStatus.parse(recording());
        assertThat(s.state()).isEqualTo(SessionState.RECORDING);
        assertThat(s.summary()).containsExactly(
                "Recording: 1,234,567 calls in 5 threads since 14:02:11, up 3 min 12 s, 1 reset",
                "Scheme lazy, roots com.acme.Server.handle,com.acme.Server.hnadle; include com.acme.**; 140 methods"
                        + " instrumented in 12 classes",
                "Metric wall (clock tsc), calibration runtime (warm-up done), started by attach",
                "Snapshot at exit: /home/u/candor-snapshots/4242-exit.candor",
                "candor: warning: --root 'com.acme.Server.hnadle' matched no method the program loaded that the"
                        + " filters let through");
        assertThat(s.fields()).containsEntry("pid", "4242").hasSize(recording().size());
    }

    @Test
    void aDelayedStartWaitsAndOnlyStartRecords() {
        Map<String, String> f = recording();
        f.put("state", "stopped");
        f.put("start", "delayed");
        f.put("recording.start", "waiting");
        SessionStatus s = SessionStatus.parse(f);
        assertThat(s.state()).isEqualTo(SessionState.WAITING_FOR_START);
        assertThat(s.summary().get(0)).startsWith("Waiting for Start (calibrating): ");
        assertThat(s.actions().start).isTrue();
        assertThat(s.actions().stop).isFalse();
        f.put("recording.start", "2026-11-25T14:05:00Z");
        assertThat(SessionStatus.parse(f).state()).isEqualTo(SessionState.STOPPED);
    }

    @Test
    void aDetachedSessionOffersANewAttachAndNothingElse() {
        Map<String, String> f = new LinkedHashMap<>();
        f.put("state", "detached");
        f.put("classes.restored", "12");
        SessionStatus s = SessionStatus.parse(f);
        assertThat(s.summary()).containsExactly(
                "Detached: the original bytecode is back (12 classes restored). Attach starts a new session.");
        SessionActions a = s.actions();
        assertThat(a.attach).isTrue();
        assertThat(new boolean[] {a.apply, a.reset, a.snapshot, a.detach, a.stop, a.start}).containsOnly(false);
    }

    @Test
    void missingOrOddFieldsAreNoError() {
        SessionStatus s = SessionStatus.parse(Map.of("state", "recording", "calls", "many"));
        assertThat(s.count("calls")).isEqualTo(-1);
        assertThat(s.summary().get(0)).isEqualTo("Recording: ? calls in ? threads since ?, up ?");
        assertThat(SessionStatus.unreachable("connection refused").summary())
                .containsExactly("The session does not answer: connection refused");
        assertThat(SessionActions.of(null).attach).isFalse();
        assertThat(SessionStatus.none().actions().attach).isTrue();
    }

    /** A status reply as an attached sampling session sends it (the agent's control/SamplingControl). */
    private static Map<String, String> sampling() {
        Map<String, String> f = new LinkedHashMap<>();
        f.put("protocol", "1");
        f.put("pid", "4243");
        f.put("state", "recording");
        f.put("mode", "sample");
        f.put("event", "cpu");
        f.put("interval.ns", "1000000");
        f.put("timer", "perf-sigtrap");
        f.put("recording", "on");
        f.put("started.by", "attach");
        f.put("session.start", "2026-11-25T14:00:00Z");
        f.put("uptime.ms", "61000");
        f.put("data.start", "2026-11-25T14:00:30.5Z");
        f.put("resets", "1");
        f.put("threads", "3");
        f.put("samples", "45210");
        f.put("samples.delivered", "45300");
        f.put("samples.failed", "90");
        f.put("samples.dropped", "0");
        f.put("threads.sampled", "9");
        f.put("jvm.heap.used", "1000");
        f.put("output", "/home/u/candor-snapshots/4243-exit.candor");
        return f;
    }

    @Test
    void aSamplingSessionInWordsAndItsCommands() {
        SessionStatus s = SessionStatus.parse(sampling());
        assertThat(s.sampling()).isTrue();
        assertThat(s.state()).isEqualTo(SessionState.RECORDING);
        assertThat(s.summary()).containsExactly(
                "Sampling: 45,210 samples in 3 threads since 14:00:30, up 1 min 1 s, 1 reset",
                "Event cpu every 1 ms (perf-sigtrap); 90 stack walks failed, 0 dropped",
                "Started by attach",
                "Snapshot at exit: /home/u/candor-snapshots/4243-exit.candor");
        assertThat(s.recorded()).isEqualTo(45210);
        assertThat(s.recordedUnit()).isEqualTo("samples");
        SessionActions a = s.actions();
        assertThat(new boolean[] {a.reset, a.snapshot, a.detach, a.stop}).containsOnly(true);
        assertThat(new boolean[] {a.attach, a.start, a.apply}).as("no roots or filters to apply").containsOnly(false);
    }

    @Test
    void aStoppedOrDetachedSamplingSession() {
        Map<String, String> f = sampling();
        f.put("state", "stopped");
        f.put("recording", "off");
        f.put("event", "wall");
        f.put("interval.ns", "250000");
        f.put("timer", "wall");
        SessionStatus stopped = SessionStatus.parse(f);
        assertThat(stopped.state()).isEqualTo(SessionState.STOPPED);
        assertThat(stopped.summary().get(0)).startsWith("Stopped (no sampling signals): 45,210 samples in 3 threads");
        assertThat(stopped.summary().get(1)).startsWith("Event wall every 250 \u00b5s (wall); ");
        assertThat(stopped.actions().start).isTrue();
        assertThat(stopped.actions().stop).isFalse();

        f.put("state", "detached");
        f.put("output", "none (detached)");
        SessionStatus detached = SessionStatus.parse(f);
        assertThat(detached.summary()).containsExactly("Detached: sampling stopped, no signal reaches the program."
                + " Attach starts a new session (with the same event and interval).");
        SessionActions a = detached.actions();
        assertThat(a.attach).isTrue();
        assertThat(new boolean[] {a.apply, a.reset, a.snapshot, a.detach, a.stop, a.start}).containsOnly(false);
        assertThat(SessionStatus.parse(recording()).recordedUnit()).isEqualTo("calls");
    }
}
