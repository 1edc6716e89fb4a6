package org.candor.core.analysis;

import org.candor.core.model.CallNode;

/** Receives the nodes of a tree walk; see {@link CallTrees#walk}. */
public interface TreeVisitor {

    /**
     * Called before the node's children.
     *
     * @param depth 0 for the walk's start node, 1 for its children, and so on
     * @return false to skip the node's children
     */
    boolean enter(CallNode node, int depth);

    /** Called after the node's children, or right after {@link #enter} when they were skipped. */
    default void exit(CallNode node, int depth) {}
}
