package org.candor.core.snapshot;

/**
 * One thread of a 2.x snapshot file, as its THRD (or a continuation's CHNG) section's head describes it: id, name,
 * node count, where its root record starts and where the section ends; and where its FLAT section is, if it has one.
 */
public final class ThreadTree {

    private final long threadId;
    private final String name;
    private final long nodeCount;
    private final long root;
    private final long end;
    final Section section;
    Section flat;

    ThreadTree(long threadId, String name, long nodeCount, long root, long end, Section section) {
        this.threadId = threadId;
        this.name = name;
        this.nodeCount = nodeCount;
        this.root = root;
        this.end = end;
        this.section = section;
    }

    public long threadId() { return threadId; }
    public String name() { return name; }
    /** Nodes of the tree, the root included, as the section's head states them. */
    public long nodeCount() { return nodeCount; }
    /** Where the root's record starts. */
    public long root() { return root; }
    /** Where the thread's section ends: the root's record ends there or before. */
    public long end() { return end; }
    /**
     * Whether the thread is a checkpoint continuation's CHNG section (its changes in node order, read by {@link
     * ContinuationSum}), not a THRD tree.
     */
    boolean changes() { return section.tag == SnapshotFormat.TAG_CHANGES; }

    /** Whether the file has the thread's exact flat profile (a FLAT section). */
    public boolean hasFlat() { return flat != null; }

    @Override public String toString() { return name + " (#" + threadId + ")"; }
}
