package org.candor.core.testing;

import java.nio.charset.StandardCharsets;

/**
 * A damaged copy of a seed input and what was done to it, in words with the positions the damage landed on: what a
 * fuzz property is given, and what jqwik prints of a failing (and of the shrunk) sample, so that a failure can be
 * reproduced by hand.
 */
public final class Mutant {
    /** The name of the valid input it was made from. */
    public final String seed;
    public final byte[] bytes;
    public final String description;

    public Mutant(String seed, byte[] bytes, String description) {
        this.seed = seed;
        this.bytes = bytes;
        this.description = description;
    }

    /** The same damage in other bytes: a checksum made to fit, a section put back into its file. */
    public Mutant withBytes(byte[] bytes, String description) {
        return new Mutant(seed, bytes, description);
    }

    /** The bytes as UTF-8 text, what a parser of options or commands is given. */
    public String text() {
        return new String(bytes, StandardCharsets.UTF_8);
    }

    /** The same, its description ending with the text it became ({@link #printable}): for text seeds. */
    public Mutant showingText() {
        return withBytes(bytes, description + ": '" + printable(text()) + "'");
    }

    /** {@code s} with its control characters as Java escapes (backslash, u, four hex digits), cut after 200 characters. */
    public static String printable(String s) {
        if (s == null) return "null";
        StringBuilder b = new StringBuilder();
        for (char c : s.toCharArray()) {
            if (c < 0x20 || c == 0x7F) b.append(String.format("\\u%04x", (int) c)); else b.append(c);
        }
        return b.length() > 200 ? b.substring(0, 200) + "..." : b.toString();
    }

    @Override public String toString() { return seed + ": " + description + " (" + bytes.length + " bytes)"; }
}
