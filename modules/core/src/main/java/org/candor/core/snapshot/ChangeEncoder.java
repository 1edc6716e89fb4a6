package org.candor.core.snapshot;

import static org.candor.core.snapshot.SnapshotFormat.TAG_CHANGES;

import java.io.IOException;

/**
 * Writes one thread's CHNG section (docs/formats/snapshot.md 3.7): a checkpoint continuation's changed nodes in the
 * table's own node order, each as the distance back to its parent, its method and its values. A continuation is
 * added up path by path by its readers, so it needs neither THRD's pre-order nor its extents: one sequential pass
 * into a buffer, then the section, instead of children lists, sorting and a walk, which on a change tree of 200,000
 * nodes scattered over a 1.7-million-node probe tree cost 300-500 ns a node, most of it waiting for memory. (A first
 * version passed twice, once for the length and once for the bytes, and held no buffer: a fourth of a javac
 * continuation's CPU went to the two passes.) The buffer is about the section's size (~15 bytes a changed node) and
 * is kept softly from one continuation to the next ({@link SoftSpare}).
 */
final class ChangeEncoder {

    private static final SoftSpare<ByteSink> BODY = new SoftSpare<>();

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
        ByteSink body = BODY.take();
        if (body == null) body = new ByteSink(1 << 16);
        try {
            body.reset();
            for (int k = 0; k < n; k++) {
                if (k > 0) {
                    body.uvarint(k - ThreadEncoder.checkedParent(changes.parent(k), k, thread));
                    body.uvarint(notes.checkedMethod(changes.method(k), methodCount, thread, "change node", k));
                }
                for (int m = 0; m < metricCount; m++) body.svarint(changes.value(k, m));
            }
            ByteSink head = new ByteSink(64);
            head.svarint(threadId);
            head.string(name);
            head.uvarint(n);
            out.sectionHeader(TAG_CHANGES, head.size() + (long) body.size());
            out.bytes(head);
            out.bytes(body);
        } finally {
            BODY.giveBack(body);
        }
    }
}
