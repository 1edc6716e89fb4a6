package org.candor.core.model;

import java.util.Objects;

/** The calling-context tree of one thread. */
public final class ThreadProfile {

    private final long threadId;
    private final String name;
    private final CallNode root;

    public ThreadProfile(long threadId, String name, CallNode root) {
        this.threadId = threadId;
        this.name = Objects.requireNonNull(name);
        this.root = Objects.requireNonNull(root);
        if (!root.isRoot()) throw new IllegalArgumentException("a thread's tree must start at a root node");
    }

    public long threadId() { return threadId; }
    public String name() { return name; }
    public CallNode root() { return root; }

    @Override public String toString() { return name + " (#" + threadId + ")"; }
}
