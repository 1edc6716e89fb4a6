package org.candor.core.snapshot;

import static org.candor.core.snapshot.SnapshotFormat.TAG_CHANGES;

import java.io.IOException;

/**
 * Writes one thread's CHNG section (docs/formats/snapshot.md 3.7): a checkpoint continuation's changed nodes in the
 * table's own node order, each as the distance back to its parent, its method and its values. A continuation is
 * added up path by path by its readers, so it needs neither THRD's pre-order nor its extents: two sequential passes
 * (the length, then the bytes) instead of children lists, sorting and a walk, which on a change tree of 200,000 nodes
 * scattered over a 1.7-million-node probe tree cost 300-500 ns a node, most of it waiting for memory.
 */
final class ChangeEncoder {

    private ChangeEncoder() {}

    /**
     * @param methodCount the size of the method table, or -1 while it is not known
     * @param notes       the thread encoder, which checks method ids and keeps the largest for a method table written
     *                    later
     */
    static void write(SnapshotOutput out, long threadId, String name, NodeTable changes, int metricCount,
                      int methodCount, ThreadEncoder notes) throws IOException {
        String thread = "thread " + name + " (#" + threadId + ")";
        int n = changes.size();
        if (n < 1) throw new IllegalArgumentException(thread + ": a change tree has at least its root, this one has " + n + " nodes");
        if (changes.parent(0) != -1) throw new IllegalArgumentException(thread + ": node 0 is the root, its parent must be -1");
        long length = 0;
        for (int k = 0; k < n; k++) {
            if (k > 0) {
                int parent = changes.parent(k);
                if (parent < 0 || parent >= k) {
                    throw new IllegalArgumentException(thread + ": node " + k + " has parent " + parent
                            + "; every node's parent must be a node that comes before it");
                }
                int method = notes.checkedMethod(changes.method(k), methodCount, thread, "change node", k);
                length += Varints.uvarintLength(k - parent) + Varints.uvarintLength(method);
            }
            for (int m = 0; m < metricCount; m++) length += Varints.svarintLength(changes.value(k, m));
        }
        ByteSink head = new ByteSink(64);
        head.svarint(threadId);
        head.string(name);
        head.uvarint(n);
        out.sectionHeader(TAG_CHANGES, head.size() + length);
        out.bytes(head);
        long start = out.position();
        for (int k = 0; k < n; k++) {
            if (k > 0) {
                out.uvarint(k - changes.parent(k));
                out.uvarint(changes.method(k));
            }
            for (int m = 0; m < metricCount; m++) out.svarint(changes.value(k, m));
        }
        if (out.position() - start != length) {
            throw new IllegalArgumentException(thread + ": its changes changed while they were written ("
                    + (out.position() - start) + " bytes instead of " + length + ")");
        }
    }
}
