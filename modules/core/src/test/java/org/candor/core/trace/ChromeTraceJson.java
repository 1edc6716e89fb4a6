package org.candor.core.trace;

import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Chrome trace-event JSON read back strictly and checked against the schema the viewers expect; a failed check is
 * an AssertionError saying where. The parse: UTF-8 without a malformed byte, one JSON value and nothing after it, no
 * key twice in an object, no NaN or infinity (Jackson refuses them by default), no lone surrogate in any string.
 * The schema: an object of {@code traceEvents} (an array), {@code displayTimeUnit} and {@code otherData}; each event
 * with a string {@code name}, {@code ph} one of X i B E M, integer {@code pid} and {@code tid}, a number
 * {@code ts >= 0} (not for M), {@code dur >= 0} for X, {@code s} one of t p g for i, {@code args} an object where
 * present, {@code cat} a string where present; B and E balanced in each thread, in order, an E naming its B; and the
 * duration events of a thread (X, and B to its E) nested, never overlapping, as Perfetto requires.
 * (Shared with the cli module's tests through this module's test jar.)
 */
public final class ChromeTraceJson {

    private static final JsonMapper STRICT = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();
    private static final Set<String> PHASES = Set.of("X", "i", "B", "E", "M");

    public final JsonNode root;
    public final List<JsonNode> events = new ArrayList<>();

    private ChromeTraceJson(JsonNode root) {
        this.root = root;
        root.get("traceEvents").forEach(events::add);
    }

    /** Parses and checks; fails on the first thing wrong. */
    public static ChromeTraceJson check(byte[] bytes) throws IOException {
        try {
            StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes));
        } catch (CharacterCodingException e) {
            throw new AssertionError("not UTF-8: " + e);
        }
        JsonNode root = STRICT.readTree(bytes);
        noLoneSurrogates(root, "$");
        require(root.isObject(), "the top level is not an object");
        for (Iterator<String> keys = root.fieldNames(); keys.hasNext(); ) {
            String k = keys.next();
            require(Set.of("traceEvents", "displayTimeUnit", "otherData").contains(k), "unexpected top-level key " + k);
        }
        require(root.path("traceEvents").isArray(), "traceEvents is not an array");
        require(root.path("displayTimeUnit").asText("").equals("ns"), "displayTimeUnit is not \"ns\"");
        require(root.path("otherData").isObject(), "otherData is not an object");
        ChromeTraceJson json = new ChromeTraceJson(root);
        Map<Long, ArrayDeque<JsonNode>> open = new HashMap<>();
        Map<Long, BigDecimal> lastPhaseTime = new HashMap<>();
        Map<Long, List<BigDecimal[]>> spans = new HashMap<>();
        int n = 0;
        for (JsonNode e : json.events) {
            String at = "event " + n++ + " " + e;
            require(e.isObject(), at + ": not an object");
            require(e.path("name").isTextual(), at + ": name is not a string");
            String ph = e.path("ph").asText(null);
            require(e.path("ph").isTextual() && PHASES.contains(ph), at + ": ph is not one of X i B E M");
            require(e.path("pid").isIntegralNumber() && e.path("pid").canConvertToLong(), at + ": pid is not an integer");
            require(e.path("tid").isIntegralNumber() && e.path("tid").canConvertToLong(), at + ": tid is not an integer");
            require(!e.has("cat") || e.get("cat").isTextual(), at + ": cat is not a string");
            require(!e.has("args") || e.get("args").isObject(), at + ": args is not an object");
            if (ph.equals("M")) {
                require(!e.has("ts"), at + ": a metadata event with a time");
                require(e.path("args").isObject(), at + ": a metadata event without args");
                continue;
            }
            require(e.path("ts").isNumber() && e.get("ts").decimalValue().signum() >= 0, at + ": ts is not a number >= 0");
            if (ph.equals("X")) {
                require(e.path("dur").isNumber() && e.get("dur").decimalValue().signum() >= 0, at + ": dur is not a number >= 0");
                BigDecimal ts = e.get("ts").decimalValue();
                spans.computeIfAbsent(e.get("tid").asLong(), k -> new ArrayList<>())
                        .add(new BigDecimal[] {ts, ts.add(e.get("dur").decimalValue())});
            } else {
                require(!e.has("dur"), at + ": dur on a " + ph + " event");
            }
            if (ph.equals("i")) {
                require(Set.of("t", "p", "g").contains(e.path("s").asText("")), at + ": s is not one of t p g");
            }
            if (ph.equals("B") || ph.equals("E")) {
                long tid = e.get("tid").asLong();
                BigDecimal ts = e.get("ts").decimalValue();
                BigDecimal last = lastPhaseTime.put(tid, ts);
                require(last == null || ts.compareTo(last) >= 0, at + ": a B or E before its thread's last one");
                ArrayDeque<JsonNode> stack = open.computeIfAbsent(tid, k -> new ArrayDeque<>());
                if (ph.equals("B")) {
                    stack.push(e);
                } else {
                    require(!stack.isEmpty(), at + ": an E with no open B");
                    JsonNode b = stack.pop();
                    require(b.get("name").asText().equals(e.get("name").asText()), at + ": the E of " + b);
                    spans.computeIfAbsent(tid, k -> new ArrayList<>()).add(new BigDecimal[] {b.get("ts").decimalValue(), ts});
                }
            }
        }
        open.forEach((tid, stack) -> require(stack.isEmpty(), "thread " + tid + " has B events with no E: " + stack));
        spans.forEach(ChromeTraceJson::nested);
        return json;
    }

    /** A thread's duration events, [start, end] each, nest: each lies inside the one open around it or after it. */
    private static void nested(long tid, List<BigDecimal[]> spans) {
        spans.sort((a, b) -> a[0].compareTo(b[0]) != 0 ? a[0].compareTo(b[0]) : b[1].compareTo(a[1]));
        ArrayDeque<BigDecimal[]> around = new ArrayDeque<>();
        for (BigDecimal[] s : spans) {
            while (!around.isEmpty() && around.peek()[1].compareTo(s[0]) <= 0) around.pop();
            require(around.isEmpty() || s[1].compareTo(around.peek()[1]) <= 0, "thread " + tid + ": [" + s[0] + ", " + s[1]
                    + "] overlaps [" + (around.isEmpty() ? "" : around.peek()[0] + ", " + around.peek()[1]) + "] without nesting");
            around.push(s);
        }
    }

    /** The events of this phase type, in order. */
    public List<JsonNode> events(String ph) {
        List<JsonNode> found = new ArrayList<>();
        for (JsonNode e : events) if (e.get("ph").asText().equals(ph)) found.add(e);
        return found;
    }

    /** The name each thread_name event gives, by tid. */
    public Map<Long, String> threadNames() {
        Map<Long, String> names = new HashMap<>();
        for (JsonNode e : events("M")) {
            if (e.get("name").asText().equals("thread_name")) {
                String before = names.put(e.get("tid").asLong(), e.get("args").get("name").asText());
                require(before == null, "two thread_name events for tid " + e.get("tid"));
            }
        }
        return names;
    }

    /** Nanoseconds as the exporter writes them: microseconds, exactly. */
    public static BigDecimal micros(long nanos) {
        return new BigDecimal(Long.toUnsignedString(nanos)).movePointLeft(3);
    }

    /** The event's number (ts, dur) equals these nanoseconds, to the nanosecond. */
    public static boolean sameMicros(JsonNode number, long nanos) {
        return number != null && number.isNumber() && number.decimalValue().compareTo(micros(nanos)) == 0;
    }

    private static void noLoneSurrogates(JsonNode node, String path) {
        if (node.isTextual()) checkText(node.asText(), path);
        for (Iterator<Map.Entry<String, JsonNode>> i = node.fields(); i.hasNext(); ) {
            Map.Entry<String, JsonNode> f = i.next();
            checkText(f.getKey(), path + "." + f.getKey());
            noLoneSurrogates(f.getValue(), path + "." + f.getKey());
        }
        if (node.isArray()) for (int i = 0; i < node.size(); i++) noLoneSurrogates(node.get(i), path + "[" + i + "]");
    }

    private static void checkText(String s, String path) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                i++;
            } else {
                require(!Character.isSurrogate(c), path + ": a lone surrogate at " + i);
            }
        }
    }

    private static void require(boolean ok, String what) {
        if (!ok) throw new AssertionError(what);
    }
}
