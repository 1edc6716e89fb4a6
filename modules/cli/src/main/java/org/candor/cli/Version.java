package org.candor.cli;

/** Candor's version, from the jar manifest (or "dev" when run from classes). */
final class Version {

    private Version() {}

    static String get() {
        String v = Main.class.getPackage().getImplementationVersion();
        return v != null ? v : "dev";
    }
}
