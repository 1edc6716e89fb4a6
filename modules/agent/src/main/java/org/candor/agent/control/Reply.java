package org.candor.agent.control;

import java.util.LinkedHashMap;
import java.util.Map;

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

    /**
     * Text as it goes on the wire: a line break becomes a space, any other control character (a NUL, an escape
     * sequence that a client's terminal would obey, echoed from a bad command) a '?'.
     */
    static String oneLine(String text) {
        StringBuilder b = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (!Character.isISOControl(c)) {
                if (b != null) b.append(c);
                continue;
            }
            if (b == null) b = new StringBuilder(text.length()).append(text, 0, i);
            b.append(c == '\n' || c == '\r' ? ' ' : '?');
        }
        return b == null ? text : b.toString();
    }
}
