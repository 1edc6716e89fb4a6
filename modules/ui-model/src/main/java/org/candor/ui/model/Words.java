package org.candor.ui.model;

/** Small turns of text the windows share: a line that starts with a capital, text safe inside a Swing HTML label. */
public final class Words {

    private Words() {}

    /** {@code "attaching to 4242"} as {@code "Attaching to 4242"}. */
    public static String capitalized(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    /** The text with {@code &}, {@code <} and {@code >} escaped, for an {@code <html>} label. */
    public static String html(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
