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
}
