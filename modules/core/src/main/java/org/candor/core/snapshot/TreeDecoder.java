package org.candor.core.snapshot;

import java.io.IOException;
import java.util.Arrays;
import org.candor.core.model.CallNode;

/** Builds a 2.x thread's tree as objects, for the object model, in one {@link TreeScan}. */
final class TreeDecoder implements TreeScan.Visitor {

    private final int metricCount;
    private CallNode[] open = new CallNode[64];
    private CallNode root;

    private TreeDecoder(int metricCount) {
        this.metricCount = metricCount;
    }

    static CallNode decode(SnapshotFile file, ThreadTree thread) throws IOException {
        TreeDecoder decoder = new TreeDecoder(file.metrics().size());
        try {
            TreeScan.scan(file, thread, decoder);
        } catch (SnapshotFormatException e) {
            throw e;
        } catch (IOException e) {
            throw new IllegalStateException(e); // the decoder itself does no I/O
        }
        return decoder.root;
    }

    @Override public void enter(TreeNode record, int depth) {
        CallNode node = new CallNode(depth == 0 ? null : open[depth - 1], depth == 0 ? CallNode.ROOT : record.method(), metricCount);
        for (int k = 0; k < metricCount; k++) node.setValue(k, record.value(k));
        if (depth == open.length) open = Arrays.copyOf(open, depth * 2);
        open[depth] = node;
        if (depth == 0) root = node;
    }

    @Override public void exit(int method, int depth) {
        open[depth] = null;
    }
}
