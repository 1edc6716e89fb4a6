package org.candor.it.targets;

/** Loaded a second time as a hidden class by {@link Shapes#hidden()}. */
public final class HiddenTarget {
    private HiddenTarget() {}

    public static int answer() { return helper() + 1; }

    static int helper() { return 41; }
}
