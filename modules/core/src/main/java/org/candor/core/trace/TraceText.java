package org.candor.core.trace;

/**
 * Text in and out of traces: the meta's field escapes (\\ \t \n \r), and text from a trace made safe to print
 * (a marker's or thread's text comes from the program, so it must not be able to start a line of its own).
 */
public final class TraceText {

    private TraceText() {}

    /** A meta field as written: backslash, tab, newline and carriage return escaped. */
    public static String escape(String field) {
        StringBuilder s = null;
        for (int i = 0; i < field.length(); i++) {
            char c = field.charAt(i);
            String e = c == '\\' ? "\\\\" : c == '\t' ? "\\t" : c == '\n' ? "\\n" : c == '\r' ? "\\r" : null;
            if (e != null && s == null) s = new StringBuilder(field.length() + 8).append(field, 0, i);
            if (s != null) {
                if (e != null) s.append(e);
                else s.append(c);
            }
        }
        return s == null ? field : s.toString();
    }

    /** The reverse of {@link #escape}; an unknown escape or a lone backslash at the end is kept as it is. */
    public static String unescape(String field) {
        int slash = field.indexOf('\\');
        if (slash < 0) return field;
        StringBuilder s = new StringBuilder(field.length()).append(field, 0, slash);
        for (int i = slash; i < field.length(); i++) {
            char c = field.charAt(i);
            if (c != '\\' || i + 1 == field.length()) {
                s.append(c);
                continue;
            }
            char n = field.charAt(i + 1);
            char u = n == '\\' ? '\\' : n == 't' ? '\t' : n == 'n' ? '\n' : n == 'r' ? '\r' : 0;
            if (u == 0) {
                s.append(c);
            } else {
                s.append(u);
                i++;
            }
        }
        return s.toString();
    }

    /**
     * Text fit for one line of output: backslash and double quote escaped, control characters (C0, DEL, C1) and
     * the Unicode line and paragraph separators written as escapes, so that no text can inject a line or a
     * terminal sequence.
     */
    public static String printable(String text) {
        StringBuilder s = new StringBuilder(text.length() + 2);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\\') s.append("\\\\");
            else if (c == '"') s.append("\\\"");
            else if (c == '\n') s.append("\\n");
            else if (c == '\r') s.append("\\r");
            else if (c == '\t') s.append("\\t");
            else if (Character.isISOControl(c) || c == '\u2028' || c == '\u2029') s.append(String.format("\\u%04x", (int) c));
            else s.append(c);
        }
        return s.toString();
    }

    /** A message kept to one line whatever it quotes. */
    static String oneLine(String s) {
        return s.replace("\r", "\\r").replace("\n", "\\n");
    }
}
