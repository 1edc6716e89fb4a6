package org.candor.core.snapshot;

import static org.candor.core.snapshot.SnapshotFormat.*;

import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.candor.core.model.MethodInfo;
import org.candor.core.model.MethodTable;
import org.candor.core.model.Metric;
import org.candor.core.model.SnapshotInfo;

/**
 * Writes the sections of a 2.0 snapshot to a stream in the order they are given, checking what the format requires
 * of that order: metrics before any thread, each single section once, the method table some time before the end
 * (and every method id of the trees inside it). Small sections are built in memory, then written after their
 * length; a thread's tree is written as it is encoded (see {@link ThreadEncoder}).
 */
final class SnapshotEncoder {

    private final SnapshotOutput out;
    private final ByteSink payload = new ByteSink(1 << 12);
    private boolean infoWritten;
    private boolean statsWritten;
    private List<Metric> metrics;
    private boolean[] inclusive;
    private ThreadEncoder threads;
    private int methodCount = -1;
    private TreeCut cut;

    SnapshotEncoder(OutputStream stream) throws IOException {
        out = new SnapshotOutput(stream);
        ByteSink header = new ByteSink(HEADER_SIZE);
        header.bytes(MAGIC, 0, MAGIC.length);
        header.u16(MAJOR_VERSION);
        header.u16(MINOR_VERSION);
        out.bytes(header);
    }

    void info(SnapshotInfo info) throws IOException {
        if (infoWritten) throw new IllegalStateException("the snapshot's info was written already");
        infoWritten = true;
        payload.reset();
        Map<String, String> props = info.asMap();
        payload.uvarint(props.size());
        for (Map.Entry<String, String> e : props.entrySet()) {
            payload.string(e.getKey());
            payload.string(e.getValue());
        }
        section(TAG_INFO);
    }

    void metrics(List<Metric> list) throws IOException {
        if (metrics != null) throw new IllegalStateException("the snapshot's metrics were written already");
        metrics = List.copyOf(list);
        inclusive = new boolean[metrics.size()];
        payload.reset();
        payload.uvarint(metrics.size());
        for (int k = 0; k < metrics.size(); k++) {
            Metric m = metrics.get(k);
            inclusive[k] = m.inclusive();
            payload.string(m.key());
            payload.string(m.label());
            payload.string(unitName(m.unit()));
            payload.uvarint(m.inclusive() ? METRIC_FLAG_INCLUSIVE : 0);
        }
        section(TAG_METRICS);
        threads = new ThreadEncoder(inclusive);
    }

    void methods(MethodTable methods) throws IOException {
        if (methodCount >= 0) throw new IllegalStateException("the snapshot's method table was written already");
        if (threads != null && threads.largestMethod() >= methods.size()) {
            throw new IllegalArgumentException(threads.largestMethodWhere() + " refers to method "
                    + threads.largestMethod() + ", the method table has " + methods.size());
        }
        methodCount = methods.size();
        payload.reset();
        payload.uvarint(methods.size());
        for (MethodInfo m : methods.all()) {
            payload.string(m.className());
            payload.string(m.name());
            payload.string(m.descriptor());
        }
        section(TAG_METHODS);
    }

    /** THRD, then FLAT: the given table, or the one computed from the tree as it was written. */
    void thread(long threadId, String name, NodeTable tree, FlatTable flatOrNull) throws IOException {
        if (metrics == null) throw new IllegalStateException("the metrics come before the first thread");
        if (cut != null) {
            String thread = "thread " + name + " (#" + threadId + ")";
            NodeTable written = cut.apply(tree, inclusive, threads.sortMetric(), thread);
            if (written != tree) {
                // the flat profile is the whole tree's, never the cut one's
                FlatTable flat = flatOrNull != null ? flatOrNull : threads.flatOf(tree, thread);
                threads.write(out, threadId, name, written, methodCount, null);
                flat(threadId, name, flat);
                return;
            }
        }
        FlatSums computed = flatOrNull == null ? new FlatSums(inclusive) : null;
        threads.write(out, threadId, name, tree, methodCount, computed);
        flat(threadId, name, flatOrNull != null ? flatOrNull : computed);
    }

    /**
     * CHNG, then FLAT: a checkpoint continuation's changes of one thread ({@link ChangeEncoder}), in the table's own
     * node order, and its flat rows' changes.
     */
    void changes(long threadId, String name, NodeTable changes, FlatTable flat) throws IOException {
        if (metrics == null) throw new IllegalStateException("the metrics come before the first thread");
        ChangeEncoder.write(out, threadId, name, changes, metrics.size(), methodCount, threads);
        flat(threadId, name, flat);
    }

    /** From now on, trees larger than the cut's limit are written cut ({@link TreeCut}). */
    void cut(TreeCut cut) {
        this.cut = cut;
    }

    /** FLAT: thread id, then the rows in method id order. */
    private void flat(long threadId, String name, FlatTable flat) throws IOException {
        int rows = flat.size();
        int[] order = new int[rows];
        long[] keys = new long[rows];
        IntIndex seen = new IntIndex();
        for (int r = 0; r < rows; r++) {
            int method = flat.method(r);
            // the message is built only when a row is refused: a live view writes thousands of rows a second
            if (method < 0) {
                throw new IllegalArgumentException(flatRow(threadId, name, r) + " refers to method " + method + ", which is not a method id");
            }
            if (methodCount >= 0 && method >= methodCount) {
                throw new IllegalArgumentException(flatRow(threadId, name, r) + " refers to method " + method
                        + ", the method table has " + methodCount);
            }
            if (seen.get(method) >= 0) throw new IllegalArgumentException(flatRow(threadId, name, r) + " repeats method " + method);
            seen.add(method);
            keys[r] = (long) method << 32 | r;
        }
        java.util.Arrays.sort(keys);
        for (int r = 0; r < rows; r++) order[r] = (int) keys[r];
        payload.reset();
        payload.svarint(threadId);
        payload.uvarint(rows);
        for (int r : order) {
            payload.uvarint(flat.method(r));
            for (int k = 0; k < inclusive.length; k++) payload.svarint(flat.value(r, k));
        }
        if (rows > 0) threads.noteMethod((int) (keys[rows - 1] >>> 32), "thread " + name + " (#" + threadId + "): a flat row");
        section(TAG_FLAT);
    }

    private static String flatRow(long threadId, String name, int row) {
        return "thread " + name + " (#" + threadId + "): flat row " + row;
    }

    void stats(Map<String, Long> stats) throws IOException {
        if (statsWritten) throw new IllegalStateException("the snapshot's statistics were written already");
        statsWritten = true;
        payload.reset();
        payload.uvarint(stats.size());
        for (Map.Entry<String, Long> e : stats.entrySet()) {
            payload.string(e.getKey());
            payload.svarint(e.getValue());
        }
        section(TAG_STATS);
    }

    /** The END section and its checksum; the stream is flushed, not closed. */
    void end() throws IOException {
        if (metrics == null) throw new IllegalStateException("a snapshot needs its metrics");
        if (methodCount < 0) throw new IllegalStateException("a snapshot needs its method table");
        out.end();
    }

    private void section(int tag) throws IOException {
        out.sectionHeader(tag, payload.size());
        out.bytes(payload);
    }

    static String unitName(Metric.Unit unit) {
        return unit.name().toLowerCase(Locale.ROOT);
    }
}
