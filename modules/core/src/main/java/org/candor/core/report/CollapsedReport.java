package org.candor.core.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import org.candor.core.analysis.CallTrees;
import org.candor.core.analysis.TreeVisitor;
import org.candor.core.model.CallNode;
import org.candor.core.model.MethodInfo;
import org.candor.core.model.MethodTable;
import org.candor.core.model.Snapshot;
import org.candor.core.model.ThreadProfile;

/**
 * Folded stacks ({@code a.B.c;a.B.d 42}): one line per call path with a non-zero value, the node's own value of
 * the chosen metric. Flame graph tools add up a frame's lines, so {@code self} (the default) is the value to graph.
 * Overloads share a frame name and are merged. Lines come sorted by their frames, compared frame by frame. Threads
 * are merged unless a thread filter is given (or {@link ThreadGrouping#PER_THREAD} is asked for); then each line
 * starts with a {@code [name tid=id]} frame, as async-profiler writes them.
 */
final class CollapsedReport implements ReportWriter {

    @Override
    public void write(Snapshot snapshot, ReportOptions options, Appendable out) throws IOException {
        int value = options.valueIndex(snapshot, "self");
        int metricCount = snapshot.metrics().size();
        int[] frameIds = CallTrees.frameIds(snapshot.methods());
        String[] frames = frameNames(snapshot.methods());
        List<ThreadProfile> selected = options.threads().select(snapshot.threads());
        boolean merged = options.grouping() == ThreadGrouping.MERGED
                || options.grouping() == ThreadGrouping.AUTO && options.threads().isAll();
        if (merged) {
            List<CallNode> roots = new ArrayList<>();
            for (ThreadProfile t : selected) roots.add(t.root());
            writeTree(CallTrees.merge(roots, metricCount, frameIds), "", value, frames, out);
            return;
        }
        List<ThreadProfile> threads = new ArrayList<>(selected);
        threads.sort(Comparator.comparing(CollapsedReport::threadFrame).thenComparingLong(ThreadProfile::threadId));
        for (ThreadProfile t : threads) {
            CallNode root = CallTrees.merge(Collections.singletonList(t.root()), metricCount, frameIds);
            writeTree(root, threadFrame(t), value, frames, out);
        }
    }

    /** Thread names may hold anything; the frame must not hold the separator or a line break. */
    static String threadFrame(ThreadProfile thread) {
        String name = thread.name().replace(';', ':').replace('\n', ' ').replace('\r', ' ');
        return "[" + name + " tid=" + thread.threadId() + "]";
    }

    private static void writeTree(CallNode root, String prefix, int value, String[] frames, Appendable out)
            throws IOException {
        PathWriter writer = new PathWriter(prefix, value, frames, out);
        try {
            CallTrees.walk(root, Comparator.comparing((CallNode n) -> frames[n.methodId()]), writer);
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    private static final class PathWriter implements TreeVisitor {
        private final FramePath path;
        private final int value;
        private final String[] frames;
        private final Appendable out;

        PathWriter(String prefix, int value, String[] frames, Appendable out) {
            this.path = new FramePath(prefix);
            this.value = value;
            this.frames = frames;
            this.out = out;
        }

        @Override public boolean enter(CallNode node, int depth) {
            if (depth == 0) return true;
            path.enter(depth, frames[node.methodId()]);
            long v = node.value(value);
            if (v != 0) {
                try {
                    out.append(path.text()).append(' ').append(Long.toString(v)).append('\n');
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
            return true;
        }

        @Override public void exit(CallNode node, int depth) {
            if (depth > 0) path.exit(depth);
        }
    }

    static String[] frameNames(MethodTable methods) {
        String[] names = new String[methods.size()];
        for (MethodInfo m : methods.all()) names[m.id()] = m.qualifiedName();
        return names;
    }
}
