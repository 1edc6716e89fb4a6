package org.candor.ui.model.snapshot;

import java.util.List;
import org.candor.core.analysis.CallTrees;
import org.candor.core.model.CallNode;
import org.candor.core.model.Snapshot;
import org.candor.core.model.ThreadProfile;

/**
 * What a snapshot window shows now: a thread choice with its tree (the threads' trees merged by method for all
 * threads) and that tree's whole, what its shares are of. Merging walks every node: make it off the event thread.
 */
public final class SelectedThreads {

    private final ThreadChoice choice;
    private final List<ThreadProfile> threads;
    private final CallNode tree;
    private final long whole;

    private SelectedThreads(ThreadChoice choice, List<ThreadProfile> threads, CallNode tree, long whole) {
        this.choice = choice;
        this.threads = threads;
        this.tree = tree;
        this.whole = whole;
    }

    public static SelectedThreads of(Snapshot snapshot, ThreadChoice choice) {
        List<ThreadProfile> threads = choice.threads(snapshot);
        CallNode tree = choice.isMerged()
                ? CallTrees.mergeThreads(threads, snapshot.metrics().size()).root()
                : choice.thread().root();
        long whole = snapshot.metrics().isEmpty() ? 0 : new ViewMetrics(snapshot.metrics()).whole(tree);
        return new SelectedThreads(choice, List.copyOf(threads), tree, whole);
    }

    public ThreadChoice choice() { return choice; }
    /** The threads shown: one, or all. */
    public List<ThreadProfile> threads() { return threads; }
    /** Their tree; its root is no method. */
    public CallNode tree() { return tree; }
    /** What shares of this tree are of ({@link ViewMetrics#whole}). */
    public long whole() { return whole; }
}
