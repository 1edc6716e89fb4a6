package org.candor.it.targets;

/** Calls System.exit(3) three frames deep: the snapshot must still be written, with those frames still open. */
public final class ExitInside {
    public static void main(String[] args) {
        outer();
    }

    static void outer() { middle(); }
    static void middle() { inner(); }
    static void inner() {
        System.out.println("leaving");
        System.exit(3);
    }
}
