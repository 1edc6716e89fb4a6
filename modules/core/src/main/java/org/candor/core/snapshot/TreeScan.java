package org.candor.core.snapshot;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.Arrays;

/**
 * One pass over a 2.x thread's tree in file order (pre-order: a node, then its children's subtrees in their stored
 * order), with an explicit stack of the open nodes: trees can be hundreds of thousands deep. Checks everything a
 * full read can: every record nests exactly in its parent's, and the tree has as many nodes as its section's head
 * says. Memory: the stack, nothing per node. A scan stops with an {@link InterruptedIOException} when its thread is
 * interrupted (a window's reader cancelled).
 */
public final class TreeScan {

    /** Receives each node on entry (children follow) and on exit (after its children). */
    public interface Visitor {
        /** @param node the record, valid until the next call; @param depth 0 for the root */
        void enter(TreeNode node, int depth) throws IOException;

        /** @param method the node's method id, -1 for the root */
        void exit(int method, int depth) throws IOException;
    }

    /** How often (nodes, minus one) a scan looks whether its thread was interrupted: a reader can be cancelled. */
    private static final int INTERRUPT_CHECK_MASK = (1 << 16) - 1;

    private TreeScan() {}

    public static void scan(SnapshotFile file, ThreadTree thread, Visitor visitor) throws IOException {
        TreeNode record = file.newNode();
        file.readRoot(thread, record);
        visitor.enter(record, 0);
        long[] ends = new long[64];
        long[] offsets = new long[64];
        int[] methods = new int[64];
        int[] childrenLeft = new int[64];
        int top = 0;
        ends[0] = record.end();
        offsets[0] = record.offset();
        methods[0] = -1;
        childrenLeft[0] = record.childCount();
        long at = record.firstChild();
        long count = 1;
        while (top >= 0) {
            if (childrenLeft[top] == 0) {
                TreeNode.checkChildrenEnd(file.bytes(), at, offsets[top], ends[top]);
                visitor.exit(methods[top], top);
                top--;
                continue;
            }
            childrenLeft[top]--;
            file.read(at, ends[top], record);
            if ((count & INTERRUPT_CHECK_MASK) == 0 && Thread.currentThread().isInterrupted()) {
                throw new InterruptedIOException("the scan of thread " + thread + " in " + file.name() + " was interrupted");
            }
            if (++count > thread.nodeCount()) {
                throw SnapshotSections.fail(file.bytes(), "is corrupt: thread " + thread + " has more nodes than the "
                        + thread.nodeCount() + " its section's head states");
            }
            if (++top == ends.length) {
                ends = Arrays.copyOf(ends, top * 2);
                offsets = Arrays.copyOf(offsets, top * 2);
                methods = Arrays.copyOf(methods, top * 2);
                childrenLeft = Arrays.copyOf(childrenLeft, top * 2);
            }
            ends[top] = record.end();
            offsets[top] = record.offset();
            methods[top] = record.method();
            childrenLeft[top] = record.childCount();
            at = record.firstChild();
            visitor.enter(record, top);
        }
        if (count != thread.nodeCount()) {
            throw SnapshotSections.fail(file.bytes(), "is corrupt: thread " + thread + " has " + count
                    + " nodes, its section's head states " + thread.nodeCount());
        }
    }
}
