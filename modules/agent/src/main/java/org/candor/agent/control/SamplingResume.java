package org.candor.agent.control;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.candor.agent.options.AgentOptions;
import org.candor.agent.options.OptionException;

/**
 * The settings of a new sampling session after a detach ({@code resume}): the agent options a sampling session
 * takes ({@code output}, {@code include}, {@code exclude}, {@code defaultexcludes}), and {@code mode} ({@link
 * ResumeMode}), {@code event} and {@code interval}, which must be what libcandor.so samples already. The library chose
 * its timers, its signal and its period when it loaded, and a second load into the same JVM keeps them (it is one
 * library); a detached session keeps it loaded, so a different event or interval needs a restart of the program.
 */
final class SamplingResume {

    private SamplingResume() {}

    /**
     * The new session's options, or an exception whose message is the one line the client prints; {@code event}
     * ({@code cpu} or {@code wall}) and {@code intervalNanos} (as asked for) are what libcandor.so samples.
     */
    static AgentOptions options(AgentOptions current, String settings, String event, long intervalNanos)
            throws OptionException {
        List<String> rest = new ArrayList<>();
        for (String item : ResumeMode.check(settings, ResumeMode.SAMPLE).split(",", -1)) {
            String trimmed = item.trim();
            int eq = trimmed.indexOf('=');
            String key = eq < 0 ? "" : trimmed.substring(0, eq).trim().toLowerCase(Locale.ROOT);
            String value = eq < 0 ? "" : trimmed.substring(eq + 1).trim();
            switch (key) {
                case "event": {
                    if (!value.equals(event)) {
                        throw new OptionException("libcandor.so samples " + event + " time in this JVM, as it was"
                                + " loaded, and keeps its event and interval after a detach: event " + value
                                + " needs a restart of the program");
                    }
                    break;
                }
                case "interval": {
                    long nanos = parseNanos(value);
                    if (nanos != intervalNanos) {
                        throw new OptionException("libcandor.so samples every " + duration(intervalNanos)
                                + " in this JVM, as it was loaded, and keeps its event and interval after a detach:"
                                + " every " + duration(nanos) + " needs a restart of the program");
                    }
                    break;
                }
                case "root": case "scheme": case "lookahead":
                    throw new OptionException("'" + key + "' applies to instrumentation; a sampling session samples"
                            + " every method");
                default:
                    rest.add(item);
            }
        }
        return current.forNewSession(String.join(",", rest));
    }

    /** {@code 1000000} as {@code 1 ms}, {@code 250000} as {@code 250 us}. */
    static String duration(long nanos) {
        if (nanos % 1_000_000 == 0) return nanos / 1_000_000 + " ms";
        if (nanos % 1_000 == 0) return nanos / 1_000 + " us";
        return nanos + " ns";
    }

    private static long parseNanos(String value) throws OptionException {
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new OptionException("'interval' must be a number of nanoseconds, not '" + value + "'");
        }
    }
}
