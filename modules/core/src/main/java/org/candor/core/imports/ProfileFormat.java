package org.candor.core.imports;

/** The kinds of profile file Candor opens: its own snapshots, and those it imports. */
public enum ProfileFormat {
    CANDOR("candor", "Candor snapshot"),
    JFR("jfr", "JFR recording"),
    COLLAPSED("collapsed", "collapsed stacks"),
    PPROF("pprof", "pprof profile");

    private final String id;
    private final String description;

    ProfileFormat(String id, String description) {
        this.id = id;
        this.description = description;
    }

    /** As the info's {@code import.format} names it. */
    public String id() { return id; }
    public String description() { return description; }
    public boolean imported() { return this != CANDOR; }
}
