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
        System.err.println("candor: error: " + message);
    }

    public static void warn(String message) {
        System.err.println("candor: warning: " + message);
    }

    public static void info(String message) {
        if (!quiet) System.err.println("candor: " + message);
    }

    public static void debug(String message) {
        if (verbose) System.err.println("candor: " + message);
    }
}
