package org.candor.it.targets;

/** Dies of an uncaught exception: same stack trace and exit code with and without the agent. */
public final class Uncaught {
    public static void main(String[] args) {
        System.out.println("before");
        level1();
    }

    static void level1() { level2(); }
    static void level2() { throw new UnsupportedOperationException("nope"); }
}
