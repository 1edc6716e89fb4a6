package org.candor.core.report;

/** Whether a report shows the selected threads one by one or merged into one tree. */
public enum ThreadGrouping {
    /** The format's default: collapsed merges unless a thread filter is given; text and csv show each thread. */
    AUTO,
    MERGED,
    PER_THREAD
}
