package org.candor.ui.model.analyze;

/**
 * What the user asks for, in the words of Profile &gt; Analyze Performance (NetBeans Profiler's words): each task
 * maps to one way of running Candor.
 */
public enum ProfilingTask {

    ENTIRE_APPLICATION("Entire application",
            "Every method of the classes you choose, from now on (Total scheme): the whole call tree with exact call"
                    + " counts and calibrated times. The most detail and the most overhead."),
    PART_OF_APPLICATION("Part of application",
            "Only what runs inside the root methods you choose, a request handler say (Lazy or Eager scheme): the"
                    + " methods they reach are instrumented as they are found, the rest of the program runs untouched."),
    STARTUP("Application startup",
            "Starts the program with every chosen method instrumented from its first class on, so that start-up"
                    + " itself is measured; or, with a delayed start, records from the moment you press Start."),
    CPU_SAMPLING("CPU sampling",
            "Stack samples every interval without changing any bytecode (no bias towards safepoints): the least"
                    + " overhead, statistical times, no call counts.");

    private final String title;
    private final String description;

    ProfilingTask(String title, String description) {
        this.title = title;
        this.description = description;
    }

    public String title() { return title; }

    public String description() { return description; }

    /** Startup must see the program's first class: it launches, never attaches. */
    public boolean canAttach() { return this != STARTUP; }

    /** Probes in the bytecode (a scheme, a metric, calibration), or stack samples. */
    public boolean instruments() { return this != CPU_SAMPLING; }

    /** Root methods and the choice of Lazy or Eager. */
    public boolean hasRoots() { return this == PART_OF_APPLICATION; }

    @Override public String toString() { return title; }
}
