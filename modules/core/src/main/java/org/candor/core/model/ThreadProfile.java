package org.candor.core.model;

import java.util.Objects;

/** The calling-context tree of one thread, and its exact flat profile where the snapshot has one. */
public final class ThreadProfile {

    private final long threadId;
    private final String name;
    private final CallNode root;
    private final FlatProfile flat;

    public ThreadProfile(long threadId, String name, CallNode root) {
        this(threadId, name, root, null);
    }

    /** @param flat the thread's flat profile as the agent counted it, or null to compute it from the tree */
    public ThreadProfile(long threadId, String name, CallNode root, FlatProfile flat) {
        this.threadId = threadId;
        this.name = Objects.requireNonNull(name);
        this.root = Objects.requireNonNull(root);
        this.flat = flat;
        if (!root.isRoot()) throw new IllegalArgumentException("a thread's tree must start at a root node");
        if (flat != null && flat.metricCount() != root.metricCount()) {
            throw new IllegalArgumentException("thread " + name + ": its flat profile has " + flat.metricCount()
                    + " values per method, its tree " + root.metricCount());
        }
    }

    public long threadId() { return threadId; }
    public String name() { return name; }
    public CallNode root() { return root; }
    /** The flat profile the snapshot carries for this thread; null when it has none (compute it from the tree). */
    public FlatProfile flat() { return flat; }

    @Override public String toString() { return name + " (#" + threadId + ")"; }
}
