package org.candor.bench.server;

/** A small JSON writer: objects, arrays, strings (escaped), numbers; commas placed by the writer. */
final class Json {
    private final StringBuilder out = new StringBuilder(4096);
    private boolean needComma;

    Json open() {
        comma();
        out.append('{');
        needComma = false;
        return this;
    }

    Json close() {
        out.append('}');
        needComma = true;
        return this;
    }

    Json openArray(String name) {
        key(name);
        out.append('[');
        needComma = false;
        return this;
    }

    Json closeArray() {
        out.append(']');
        needComma = true;
        return this;
    }

    Json field(String name, String value) {
        key(name);
        string(value);
        needComma = true;
        return this;
    }

    Json field(String name, long value) {
        key(name);
        out.append(value);
        needComma = true;
        return this;
    }

    Json price(String name, long cents) {
        key(name);
        out.append(cents / 100).append('.');
        long c = cents % 100;
        out.append(c < 10 ? "0" : "").append(c);
        needComma = true;
        return this;
    }

    Json value(String s) {
        comma();
        string(s);
        needComma = true;
        return this;
    }

    private void key(String name) {
        comma();
        string(name);
        out.append(':');
        needComma = false;
    }

    private void comma() {
        if (needComma) {
            out.append(',');
        }
    }

    private void string(String s) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            switch (ch) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                default -> {
                    if (ch < 0x20) {
                        out.append(String.format("\\u%04x", (int) ch));
                    } else {
                        out.append(ch);
                    }
                }
            }
        }
        out.append('"');
    }

    @Override
    public String toString() {
        return out.toString();
    }
}
