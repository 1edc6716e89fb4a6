package org.candor.cli.targets;

/**
 * Ends as a killed program does: halted with the code its first argument gives, no shutdown hook run, so no
 * snapshot written at exit.
 */
public final class Halts {

    public static void main(String[] args) {
        Runtime.getRuntime().halt(Integer.parseInt(args[0]));
    }
}
