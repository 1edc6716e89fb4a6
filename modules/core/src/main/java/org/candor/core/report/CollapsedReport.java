package org.candor.core.report;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import org.candor.core.analysis.CallTrees;
import org.candor.core.analysis.MethodRanks;
import org.candor.core.analysis.TreeWalk;
import org.candor.core.model.JvmNames;
import org.candor.core.model.MethodInfo;
import org.candor.core.model.MethodTable;
import org.candor.core.snapshot.SnapshotFile;
import org.candor.core.snapshot.ThreadTree;

/**
 * Folded stacks ({@code a.B.c;a.B.d 42}): one line per call path with a non-zero value, the node's own value of
 * the chosen metric. Flame graph tools add up a frame's lines, so {@code self} (the default) is the value to graph.
 * Overloads share a frame name and are merged. Lines come sorted by their frames, compared frame by frame. Threads
 * are merged unless a thread filter is given (or {@link ThreadGrouping#PER_THREAD} is asked for); then each line
 * starts with a {@code [name tid=id]} frame, as async-profiler writes them. One pass down the trees, read in place:
 * the memory is the current path and its nodes' children.
 *
 * <p>A snapshot's names can hold anything (a crafted or damaged file, a thread named by the program), but a frame
 * must not hold what the format gives a meaning: every frame, thread or method, goes through {@link #frame}, which
 * writes a {@code ;} as {@code :} and a line break or other control character as a space, so that a name can neither
 * add a frame nor a line. A native or VM frame is its name alone ({@link #frameName}).
 */
final class CollapsedReport implements ReportWriter {

    @Override
    public void write(SnapshotFile file, ReportOptions options, OutputStream stream) throws IOException {
        int value = options.valueIndex(file.metrics(), true);
        MethodTable methods = file.methods();
        int[] frameIds = CallTrees.frameIds(methods);
        int[] frameRanks = MethodRanks.byQualifiedName(methods);
        byte[][] frames = foldedFrames(methods);
        List<ThreadTree> selected = options.threads().selectTrees(file.threads());
        boolean merged = options.grouping() == ThreadGrouping.MERGED
                || options.grouping() == ThreadGrouping.AUTO && options.threads().isAll();
        try (ReportOutput out = new ReportOutput(stream)) {
            if (merged) {
                TreeWalk walk = new TreeWalk(file, selected, frameIds, frameRanks, new int[] {value}, -1);
                writeTree(walk, new byte[0], value, frames, out);
            } else {
                List<ThreadTree> threads = new ArrayList<>(selected);
                threads.sort(Comparator.comparing(CollapsedReport::threadFrame).thenComparingLong(ThreadTree::threadId));
                for (ThreadTree t : threads) {
                    TreeWalk walk = new TreeWalk(file, Collections.singletonList(t), frameIds, frameRanks, new int[] {value}, -1);
                    writeTree(walk, threadFrame(t).getBytes(StandardCharsets.UTF_8), value, frames, out);
                }
            }
        }
    }

    static String threadFrame(ThreadTree thread) {
        // a thread without a name, as async-profiler names it ([tid=N], in its JFR and collapsed output): as it was
        String unnamed = "[tid=" + thread.threadId() + "]";
        if (thread.name().equals(unnamed)) return unnamed;
        return frame("[" + thread.name() + " tid=" + thread.threadId() + "]");
    }

    /**
     * A name as one frame of a folded line: the frame separator {@code ;} becomes {@code :}, a line break or other
     * control character (and the Unicode line and paragraph separators) a space.
     */
    static String frame(String name) {
        StringBuilder s = null;
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            char safe = c == ';' ? ':' : Character.isISOControl(c) || c == '\u2028' || c == '\u2029' ? ' ' : c;
            if (safe != c && s == null) s = new StringBuilder(name);
            if (s != null) s.setCharAt(i, safe);
        }
        return s == null ? name : s.toString();
    }

    private static void writeTree(TreeWalk walk, byte[] prefix, int value, byte[][] frames, ReportOutput out)
            throws IOException {
        FramePath path = new FramePath(prefix);
        walk.walk(new TreeWalk.Visitor() {
            @Override public boolean enter(TreeWalk.Node node, int depth) throws IOException {
                if (depth == 0) return true;
                path.enter(depth, frames[node.method()], false);
                long v = node.value(value);
                if (v != 0) {
                    path.writeTo(out);
                    out.ascii(' ').number(v).ascii('\n');
                }
                return true;
            }

            @Override public void exit(TreeWalk.Node node, int depth) {
                if (depth > 0) path.exit(depth);
            }
        });
    }

    /** Per method id, its {@link #frame} in UTF-8. */
    private static byte[][] foldedFrames(MethodTable methods) {
        byte[][] names = new byte[methods.size()][];
        for (MethodInfo m : methods.all()) names[m.id()] = frame(frameName(m)).getBytes(StandardCharsets.UTF_8);
        return names;
    }

    /**
     * A method as a frame: {@code a.b.C.m}; a native or VM frame ({@link JvmNames#VM_CLASS}) by its name alone, as
     * async-profiler and perf write them ({@code __libc_read}, {@code os::javaTimeNanos}), so their collapsed stacks
     * come back as they were, and a frame without a dot reads back as one of the VM's. A VM name with a dot keeps
     * the class ({@code [vm].memcpy.part.0}): bare, it would read back as a Java method.
     */
    static String frameName(MethodInfo m) {
        if (m.className().equals(JvmNames.VM_CLASS) && m.name().indexOf('.') < 0 && !m.name().isEmpty()) return m.name();
        return m.qualifiedName();
    }

    /** Per method id, its name ({@link MethodInfo#qualifiedName()}) in UTF-8, as it is (CSV quotes what needs it). */
    static byte[][] frameNames(MethodTable methods) {
        byte[][] names = new byte[methods.size()][];
        for (MethodInfo m : methods.all()) names[m.id()] = m.qualifiedName().getBytes(StandardCharsets.UTF_8);
        return names;
    }
}
