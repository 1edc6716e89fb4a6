package org.candor.core.trace;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The checker the export's tests rely on refuses what the viewers would not take. */
class ChromeTraceJsonTest {

    private static final String X = "{\"name\":\"a\",\"ph\":\"X\",\"pid\":1,\"tid\":2,\"ts\":1.5,\"dur\":2}";

    private static void refused(String json) {
        assertThatThrownBy(() -> ChromeTraceJson.check(json.getBytes(StandardCharsets.UTF_8))).as(json)
                .isInstanceOfAny(AssertionError.class, java.io.IOException.class);
    }

    private static String trace(String events) {
        return "{\"traceEvents\":[" + events + "],\"displayTimeUnit\":\"ns\",\"otherData\":{}}";
    }

    @Test
    void refusesWhatIsNotStrictJsonOrNotTheSchema() throws Exception {
        ChromeTraceJson.check(trace(X).getBytes(StandardCharsets.UTF_8)); // the good one
        refused(trace(X) + " x");
        refused(trace(X.replace("\"tid\":2", "\"tid\":2,\"tid\":3")));
        refused(trace(X.replace("1.5", "NaN")));
        refused(trace(X.replace("\"a\"", "\"\\ud800\"")));
        refused(trace(X.replace("\"a\"", "\"a\tb\"")));
        refused(trace(X + ","));
        refused(trace(X.replace("\"X\"", "\"Q\"")));
        refused(trace(X.replace("\"pid\":1", "\"pid\":1.5")));
        refused(trace(X.replace("1.5", "-1")));
        refused(trace(X.replace(",\"dur\":2", "")));
        refused(trace(X.replace("\"X\"", "\"i\"").replace(",\"dur\":2", "")));
        refused(trace("{\"name\":\"a\",\"ph\":\"B\",\"pid\":1,\"tid\":2,\"ts\":1}"));
        refused(trace("{\"name\":\"a\",\"ph\":\"E\",\"pid\":1,\"tid\":2,\"ts\":1}"));
        refused(trace("{\"name\":\"a\",\"ph\":\"B\",\"pid\":1,\"tid\":2,\"ts\":1},{\"name\":\"b\",\"ph\":\"E\",\"pid\":1,\"tid\":2,\"ts\":2}"));
        refused(trace("{\"name\":\"a\",\"ph\":\"B\",\"pid\":1,\"tid\":2,\"ts\":3},{\"name\":\"a\",\"ph\":\"E\",\"pid\":1,\"tid\":2,\"ts\":2}"));
        refused(trace(X).replace("\"ns\"", "\"ms\""));
        // duration events of one thread must nest: an X across a B's E, two X overlapping
        refused(trace(X + ",{\"name\":\"b\",\"ph\":\"B\",\"pid\":1,\"tid\":2,\"ts\":2},{\"name\":\"b\",\"ph\":\"E\",\"pid\":1,\"tid\":2,\"ts\":4}"));
        refused(trace(X + "," + X.replace("1.5", "3")));
        ChromeTraceJson.check(trace(X + "," + X.replace("1.5", "3.5") + "," + X.replace("1.5", "2").replace("\"dur\":2", "\"dur\":1")
                + "," + X.replace("\"tid\":2", "\"tid\":3").replace("1.5", "2")).getBytes(StandardCharsets.UTF_8));
        assertThatThrownBy(() -> ChromeTraceJson.check(new byte[] {'"', (byte) 0xC3, '"'})).isInstanceOf(AssertionError.class);
    }
}
