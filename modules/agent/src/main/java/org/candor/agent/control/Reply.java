package org.candor.agent.control;

import java.util.LinkedHashMap;
import java.util.Map;
import org.candor.agent.AgentLog;

/** One answer on the control channel: {@code ok [text]} or {@code error text}, then {@code key=value} lines. */
final class Reply {

    final boolean ok;
    final String text;
    final Map<String, String> fields = new LinkedHashMap<>();

    private Reply(boolean ok, String text) {
        this.ok = ok;
        this.text = text;
    }

    static Reply ok(String text) { return new Reply(true, text); }

    static Reply error(String text) { return new Reply(false, text); }

    Reply put(String key, Object value) {
        fields.put(key, oneLine(String.valueOf(value)));
        return this;
    }

    /** The wire form, ending with the empty line. */
    String encode() {
        StringBuilder b = new StringBuilder(ok ? "ok" : "error");
        if (text != null && !text.isEmpty()) b.append(' ').append(oneLine(text));
        b.append('\n');
        for (Map.Entry<String, String> e : fields.entrySet()) b.append(e.getKey()).append('=').append(e.getValue()).append('\n');
        return b.append('\n').toString();
    }

    /** Text as it goes on the wire: one line, no control character (AgentLog's rule: quoted input is shown alike). */
    static String oneLine(String text) {
        return AgentLog.oneLine(text);
    }
}
