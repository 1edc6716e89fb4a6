package org.candor.core.snapshot;

import java.util.Arrays;
import org.candor.core.model.CallNode;

/**
 * Builds a 2.x thread's tree as objects, for the object model: one pass over its records in file order with an
 * explicit stack of the open nodes (trees can be hundreds of thousands deep), checking that every record nests
 * exactly in its parent's and that the tree has as many nodes as its section's head says.
 */
final class TreeDecoder {

    private TreeDecoder() {}

    static CallNode decode(SnapshotFile file, ThreadTree thread) throws SnapshotFormatException {
        int metricCount = file.metrics().size();
        TreeNode record = file.newNode();
        file.readRoot(thread, record);
        CallNode root = node(null, CallNode.ROOT, record, metricCount);

        CallNode[] open = new CallNode[64];
        long[] ends = new long[64];
        long[] offsets = new long[64];
        int[] childrenLeft = new int[64];
        int top = 0;
        open[0] = root;
        ends[0] = record.end();
        offsets[0] = record.offset();
        childrenLeft[0] = record.childCount();
        long at = record.firstChild();
        long count = 1;
        while (top >= 0) {
            if (childrenLeft[top] == 0) {
                TreeNode.checkChildrenEnd(file.bytes(), at, offsets[top], ends[top]);
                top--;
                continue;
            }
            childrenLeft[top]--;
            file.read(at, ends[top], record);
            if (++count > thread.nodeCount()) {
                throw SnapshotSections.fail(file.bytes(), "is corrupt: thread " + thread + " has more nodes than the "
                        + thread.nodeCount() + " its section's head states");
            }
            CallNode node = node(open[top], record.method(), record, metricCount);
            if (++top == open.length) {
                open = Arrays.copyOf(open, top * 2);
                ends = Arrays.copyOf(ends, top * 2);
                offsets = Arrays.copyOf(offsets, top * 2);
                childrenLeft = Arrays.copyOf(childrenLeft, top * 2);
            }
            open[top] = node;
            ends[top] = record.end();
            offsets[top] = record.offset();
            childrenLeft[top] = record.childCount();
            at = record.firstChild();
        }
        if (count != thread.nodeCount()) {
            throw SnapshotSections.fail(file.bytes(), "is corrupt: thread " + thread + " has " + count
                    + " nodes, its section's head states " + thread.nodeCount());
        }
        return root;
    }

    private static CallNode node(CallNode parent, int method, TreeNode record, int metricCount) {
        CallNode n = new CallNode(parent, method, metricCount);
        for (int k = 0; k < metricCount; k++) n.setValue(k, record.value(k));
        return n;
    }
}
