package org.candor.core.analysis;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.candor.core.model.SnapshotInfo;

/**
 * Settings that matched nothing: an {@code --include} pattern that no class the program loaded matched (a typo, or
 * the wrong package: the profile is empty), a {@code --root} pattern that no method did. The agent says each once on
 * its stderr as soon as it knows, and records the patterns in the snapshot's properties; every tool shows them as
 * the same lines, worded here.
 */
public final class PatternWarnings {

    /** The include patterns no loaded class matched, one per line (a pattern may hold commas, never a line break). */
    public static final String INCLUDE = "warning.include";
    /** The root patterns no method of a loaded class matched (that the filters let through), one per line. */
    public static final String ROOT = "warning.root";
    private static final String SEPARATOR = "\n";
    private static final String PREFIX = "candor: warning: ";

    private PatternWarnings() {}

    public static String include(String pattern) {
        return "--include '" + pattern + "' matched no class the program loaded";
    }

    public static String root(String pattern) {
        return "--root '" + pattern + "' matched no method the program loaded that the filters let through";
    }

    /** A warning as the agent prints it at run time and the tools show it. */
    public static String line(String message) {
        return PREFIX + message;
    }

    /** How a list of patterns is stored in one property. */
    public static String join(List<String> patterns) {
        return String.join(SEPARATOR, patterns);
    }

    /** The lines for what this snapshot records; empty when every pattern matched. */
    public static List<String> lines(SnapshotInfo info) {
        List<String> out = new ArrayList<>();
        for (String p : patterns(info.get(INCLUDE))) out.add(line(include(p)));
        for (String p : patterns(info.get(ROOT))) out.add(line(root(p)));
        return out;
    }

    private static List<String> patterns(String value) {
        if (value == null || value.isEmpty()) return Collections.emptyList();
        List<String> out = new ArrayList<>();
        for (String p : value.split(SEPARATOR)) if (!p.isEmpty()) out.add(p);
        return out;
    }
}
