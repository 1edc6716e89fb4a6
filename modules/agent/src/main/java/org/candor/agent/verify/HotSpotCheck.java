package org.candor.agent.verify;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The JVM's own verifier: loads a class in a {@link ClassWorld} without initialising it and links it (HotSpot links,
 * and so verifies, a class before it answers {@code getDeclaredMethods}). This is the check that matters: it reads
 * the StackMapTable frames the instrumenter wrote, as the target's JVM would, where ASM's analyzer recomputes them.
 * It stops at a class's first bad method, and cannot define {@code java.*} classes outside the JDK's loaders.
 */
final class HotSpotCheck {

    private static final Pattern LOCATION = Pattern.compile("Location:\\s*\\n\\s*(\\S+)");
    private static final Pattern OLD_LOCATION = Pattern.compile("method: (\\S+) signature: ([^)]*\\)\\S*)\\)");

    private HotSpotCheck() {}

    /** Null when the class links; else what the JVM said. */
    static Finding link(String internalName, ClassLoader world) {
        Throwable t = linkError(internalName, world);
        return t == null ? null : finding(t);
    }

    /** Null when the class links; else what the JVM threw, whole. */
    static Throwable linkError(String internalName, ClassLoader world) {
        try {
            Class<?> c = Class.forName(internalName.replace('/', '.'), false, world);
            c.getDeclaredMethods();
            c.getDeclaredConstructors();
            return null;
        } catch (Throwable t) { // a VerifyError, a LinkageError for a missing dependency, a malformed class
            return t;
        }
    }

    static Finding finding(Throwable t) {
        String message = t.getMessage() == null ? "" : t.getMessage();
        String owner = null;
        String method = null;
        Matcher m = LOCATION.matcher(message);
        if (m.find()) {
            // "pkg/Owner.name(desc)R" then " @12: op": the owner, then name and descriptor
            String where = m.group(1);
            int dot = where.lastIndexOf('.', where.indexOf('(') < 0 ? where.length() : where.indexOf('('));
            if (dot >= 0) owner = where.substring(0, dot);
            method = dot < 0 ? where : where.substring(dot + 1);
        } else {
            Matcher old = OLD_LOCATION.matcher(message);
            if (old.find()) method = old.group(1) + old.group(2);
        }
        int newline = message.indexOf('\n');
        String first = newline < 0 ? message : message.substring(0, newline);
        return new Finding(owner, method, t.getClass().getSimpleName() + ": " + first.trim(), "HotSpot");
    }
}
