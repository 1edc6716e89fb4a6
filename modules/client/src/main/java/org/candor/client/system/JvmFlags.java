package org.candor.client.system;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The boolean -XX flags a JVM was started with, where HotSpot reads them, later sources overriding earlier ones:
 * {@code JAVA_TOOL_OPTIONS}, {@code JDK_JAVA_OPTIONS} (the java launcher's), the command line's JVM options,
 * {@code _JAVA_OPTIONS}. A flags file ({@code -XX:Flags=}, .hotspotrc) is not read.
 */
public final class JvmFlags {

    private final Map<String, Boolean> flags = new HashMap<>();

    private JvmFlags() {}

    public static JvmFlags of(JvmCommandLine command, Map<String, String> environment) {
        JvmFlags f = new JvmFlags();
        f.addWords(environment.get("JAVA_TOOL_OPTIONS"));
        f.addWords(environment.get("JDK_JAVA_OPTIONS"));
        f.addAll(command.options());
        f.addWords(environment.get("_JAVA_OPTIONS"));
        return f;
    }

    /** The flag's value, if the JVM was given one (else it has its default). */
    public Optional<Boolean> flag(String name) {
        return Optional.ofNullable(flags.get(name));
    }

    private void addWords(String value) {
        if (value != null && !value.isBlank()) addAll(List.of(value.trim().split("\\s+")));
    }

    private void addAll(List<String> options) {
        for (String option : options) {
            if (option.startsWith("-XX:+")) flags.put(option.substring(5), true);
            else if (option.startsWith("-XX:-")) flags.put(option.substring(5), false);
        }
    }
}
