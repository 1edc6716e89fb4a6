package org.candor.ui.model.analyze;

import java.util.ArrayList;
import java.util.List;
import org.candor.agent.filter.ClassFilter;

/**
 * Ready-made patterns for the include/exclude editor: the JDK's packages and Candor's own (the agent's default
 * excludes, from the agent itself), and "my packages" guessed from the program's main class.
 */
public final class FilterPresets {

    /** How many leading package names "my packages" keeps: {@code com.acme.shop.web.Main} gives {@code com.acme.shop.**}. */
    static final int MY_PACKAGE_DEPTH = 3;

    private FilterPresets() {}

    /** The JDK's packages, as the agent leaves them out by default. */
    public static List<String> jdk() {
        List<String> out = new ArrayList<>();
        for (String p : ClassFilter.DEFAULT_EXCLUDES) if (!p.equals("org.candor")) out.add(p + ".**");
        return List.copyOf(out);
    }

    /** Candor's own classes. */
    public static List<String> candor() {
        return List.of("org.candor.**");
    }

    /**
     * The program's own packages from its main class ({@code com.acme.shop.Main} gives {@code com.acme.shop.**}, at
     * most {@value #MY_PACKAGE_DEPTH} names deep); empty when the main class is unknown or in no package.
     */
    public static List<String> myPackages(String mainClass) {
        if (mainClass == null) return List.of();
        String name = mainClass.trim();
        int space = name.indexOf(' ');
        if (space >= 0) name = name.substring(0, space);  // a display name with arguments
        if (name.endsWith(".jar") || name.contains("/")) return List.of();
        String[] parts = name.split("\\.");
        if (parts.length < 2) return List.of();
        int keep = Math.min(parts.length - 1, MY_PACKAGE_DEPTH);
        return List.of(String.join(".", java.util.Arrays.copyOf(parts, keep)) + ".**");
    }
}
