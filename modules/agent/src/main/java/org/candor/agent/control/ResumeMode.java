package org.candor.agent.control;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.candor.agent.options.OptionException;

/**
 * The {@code mode} of a {@code resume}: a new session after a detach profiles as the detached one did, since what
 * each mode needs was set up when the agent loaded. Instrumentation needs the probe classes on the boot class path and
 * a class transformer, which a sampling session never set up; sampling needs libcandor.so loaded with a sampler, and
 * the library, once loaded, keeps the options of its first load.
 */
final class ResumeMode {

    static final String INSTRUMENT = "instrument";
    static final String SAMPLE = "sample";

    private ResumeMode() {}

    /** {@code settings} without its {@code mode} item, or an exception when it names the other mode. */
    static String check(String settings, String sessionMode) throws OptionException {
        List<String> rest = new ArrayList<>();
        for (String item : (settings == null ? "" : settings).split(",", -1)) {
            String trimmed = item.trim();
            int eq = trimmed.indexOf('=');
            if (eq < 0 || !trimmed.substring(0, eq).trim().toLowerCase(Locale.ROOT).equals("mode")) {
                rest.add(item);
                continue;
            }
            String mode = normal(trimmed.substring(eq + 1).trim());
            if (mode.equals(sessionMode)) continue;
            if (sessionMode.equals(SAMPLE)) {
                throw new OptionException("this JVM's session sampled stacks; instrumentation needs the probe classes on"
                        + " the boot class path and a class transformer, which a sampling session never set up: restart"
                        + " the program to instrument it");
            }
            throw new OptionException("this JVM's session instrumented code, and its libcandor.so was loaded without a"
                    + " sampler (a second load keeps the first one's options): restart the program to sample it");
        }
        return String.join(",", rest);
    }

    private static String normal(String mode) {
        String m = mode.toLowerCase(Locale.ROOT);
        if (m.equals("sampling")) return SAMPLE;
        if (m.equals("instrumentation")) return INSTRUMENT;
        return m;
    }
}
