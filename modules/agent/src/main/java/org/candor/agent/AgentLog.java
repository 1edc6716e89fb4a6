package org.candor.agent;

/** The agent's few words to the user: one line each, on stderr, prefixed so they stand out from the program's. */
public final class AgentLog {

    private static volatile boolean quiet;
    private static volatile boolean verbose;

    private AgentLog() {}

    public static void configure(boolean quietMode, boolean verboseMode) {
        quiet = quietMode;
        verbose = verboseMode;
    }

    public static void error(String message) {
        System.err.println("candor: error: " + oneLine(message));
    }

    public static void warn(String message) {
        System.err.println("candor: warning: " + oneLine(message));
    }

    public static void info(String message) {
        if (!quiet) System.err.println("candor: " + oneLine(message));
    }

    public static void debug(String message) {
        if (verbose) System.err.println("candor: " + oneLine(message));
    }

    /**
     * A message as it may be shown: a line break becomes a space, any other control character '?'. Messages quote
     * what they refuse (an option's value, a command), and that must neither break the line nor steer a terminal.
     */
    public static String oneLine(String text) {
        if (text == null) return "null";
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
