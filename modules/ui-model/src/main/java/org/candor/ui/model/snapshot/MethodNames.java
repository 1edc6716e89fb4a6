package org.candor.ui.model.snapshot;

import org.candor.core.model.Descriptors;
import org.candor.core.model.MethodInfo;

/**
 * How the views name a method: {@code Server$Handler.handle(String, int)} first, so that the interesting part lines
 * up in a tree, the package apart; find matches and Copy Method Name use the class-qualified form.
 */
public final class MethodNames {

    private MethodNames() {}

    /** {@code Server$Handler.handle(String, int)}. */
    public static String shortSignature(MethodInfo m) {
        String cls = m.className();
        return cls.substring(cls.lastIndexOf('.') + 1) + "." + m.name() + Descriptors.javaParameters(m.descriptor());
    }

    /** {@code com.acme}, or empty for the default package. */
    public static String packageName(MethodInfo m) {
        String cls = m.className();
        int dot = cls.lastIndexOf('.');
        return dot < 0 ? "" : cls.substring(0, dot);
    }

    /** {@code com.acme.Server$Handler.handle(String, int)}: what find matches and Copy Method Name copies. */
    public static String qualified(MethodInfo m) {
        return m.signature();
    }

    /** A case-insensitive match of {@link #qualified} against a piece of it, as the views' find fields do it. */
    public static java.util.function.Predicate<MethodInfo> matching(String text) {
        String lower = text.trim().toLowerCase(java.util.Locale.ROOT);
        return m -> qualified(m).toLowerCase(java.util.Locale.ROOT).contains(lower);
    }

    /**
     * {@link #matching} decided once for every method of the table, then asked by id: a search through tens of
     * millions of nodes asks an array, not a signature made and lowered for each node.
     */
    public static java.util.function.IntPredicate matchingIds(org.candor.core.model.MethodTable methods, String text) {
        java.util.function.Predicate<MethodInfo> matches = matching(text);
        boolean[] matched = new boolean[methods.size()];
        for (MethodInfo m : methods.all()) matched[m.id()] = matches.test(m);
        return id -> id >= 0 && id < matched.length && matched[id];
    }
}
