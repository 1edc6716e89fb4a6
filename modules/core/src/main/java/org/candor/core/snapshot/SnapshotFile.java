package org.candor.core.snapshot;

import static org.candor.core.snapshot.SnapshotFormat.*;

import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.candor.core.model.FlatProfile;
import org.candor.core.model.MethodTable;
import org.candor.core.model.Metric;
import org.candor.core.model.Snapshot;
import org.candor.core.model.SnapshotInfo;

/**
 * A snapshot read in place: the file is checked (checksum, framing) and its small sections decoded (info, metrics,
 * methods, statistics, each thread's head), but no tree is built. Nodes are read by offset into a reusable {@link
 * TreeNode}; a node's children follow its record, each skipped by its extent: the index to children that lets a
 * client read only the part of a tree it shows. The file is read in pages as they are needed, through a cache of at
 * most an eighth of the heap ({@link SnapshotBytes}): memory stays the same whatever the size of the trees. Close
 * the file when done.
 *
 * <p>A 1.x file has no extents: it is read whole into the object model and encoded in memory as 2.0 (so it must
 * fit the heap, see {@link SnapshotTooLargeException}). Immutable, and safe to share between threads; a {@link
 * TreeNode} is for one thread at a time.
 */
public final class SnapshotFile implements Closeable {

    private final SnapshotBytes bytes;
    private final String version;
    private final SnapshotInfo info;
    private final List<Metric> metrics;
    private final int[] columns;
    private final int storedMetrics;
    private final MethodTable methods;
    private final Map<String, Long> stats;
    private final List<ThreadTree> threads;

    private SnapshotFile(SnapshotBytes bytes, String version, SnapshotInfo info, List<Metric> metrics, int[] columns,
                         int storedMetrics, MethodTable methods, Map<String, Long> stats, List<ThreadTree> threads) {
        this.bytes = bytes;
        this.version = version;
        this.info = info;
        this.metrics = List.copyOf(metrics);
        this.columns = columns;
        this.storedMetrics = storedMetrics;
        this.methods = methods;
        this.stats = Collections.unmodifiableMap(stats);
        this.threads = Collections.unmodifiableList(threads);
    }

    /**
     * Opens a snapshot file; problems with its content are {@link SnapshotFormatException}s with a one-line message,
     * I/O failures (a missing file) ordinary IOExceptions.
     */
    public static SnapshotFile open(Path file) throws IOException {
        String name = file.toString();
        if (!Files.isRegularFile(file) && Files.exists(file)) {
            try (InputStream in = Files.newInputStream(file)) { // a pipe or device: its size says nothing
                byte[] b = SnapshotReader.readAll(in, name);
                return of(SnapshotBytes.of(b, b.length, name));
            }
        }
        FileChannel channel = FileChannel.open(file, StandardOpenOption.READ);
        SnapshotBytes bytes = SnapshotBytes.of(channel, channel.size(), name);
        try {
            SnapshotFile f = of(bytes);
            if (f.bytes != bytes) bytes.close(); // a 1.x file, read and encoded again in memory
            return f;
        } catch (IOException | RuntimeException | Error e) {
            bytes.close();
            throw e;
        }
    }

    /** A snapshot held in memory; {@code sourceName} names it in messages. */
    public static SnapshotFile of(byte[] bytes, String sourceName) throws SnapshotFormatException {
        try {
            return of(SnapshotBytes.of(bytes, bytes.length, sourceName));
        } catch (SnapshotFormatException e) {
            throw e;
        } catch (IOException e) {
            throw new IllegalStateException("bytes in memory cannot fail to be read: " + e.getMessage(), e);
        }
    }

    /** The object model encoded in memory, to be read like a file (reports read files). */
    public static SnapshotFile of(Snapshot snapshot) {
        byte[] encoded = encode(snapshot);
        try {
            return of(encoded, "(in memory)");
        } catch (SnapshotFormatException e) {
            throw new IllegalStateException("an encoded snapshot does not read back: " + e.getMessage(), e);
        }
    }

    static SnapshotFile of(SnapshotBytes bytes) throws IOException {
        SnapshotParts parts = SnapshotParts.split(bytes);
        if (!parts.single()) return ofParts(bytes, parts);
        SnapshotSections layout = parts.first;
        if (layout.major >= 2) return decode(bytes, layout);
        // 1.x has no extents to skip subtrees by: the model, encoded again as 2.0 in memory
        byte[] encoded = encode(SnapshotDecoder.decodeV1(bytes, layout));
        SnapshotBytes converted = SnapshotBytes.of(encoded, encoded.length, bytes.name());
        return decode(converted, SnapshotSections.read(converted)).asVersion(layout.major + "." + layout.minor);
    }

    /**
     * A checkpoint and its continuations: added up as objects ({@link ContinuationSum}) and encoded again in memory;
     * the checkpoint alone, read in place, when there is nothing to add or the sum would not fit the heap.
     */
    private static SnapshotFile ofParts(SnapshotBytes bytes, SnapshotParts parts) throws IOException {
        List<SnapshotFile> files = parts.decode(bytes);
        SnapshotFile first = files.get(0);
        SnapshotInfo info = first.info();
        if (files.size() > 1) {
            try {
                Snapshot sum = ContinuationSum.sum(files);
                parts.noteLeftOut(sum.info());
                byte[] encoded = encode(sum);
                SnapshotBytes summed = SnapshotBytes.of(encoded, encoded.length, bytes.name());
                return decode(summed, SnapshotSections.read(summed)).asVersion(first.version());
            } catch (SnapshotTooLargeException e) {
                ContinuationSum.notAdded(info, files.size() - 1, e);
            } catch (OutOfMemoryError e) { // the sum fitted, its encoding did not
                ContinuationSum.notAdded(info, files.size() - 1, (String) null);
            }
        }
        parts.noteLeftOut(info);
        return first.withInfo(info);
    }

    private static byte[] encode(Snapshot model) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            SnapshotWriter.write(model, out);
        } catch (IOException e) {
            throw new IllegalStateException("a snapshot cannot be encoded in memory: " + e.getMessage(), e);
        }
        return out.toByteArray();
    }

    /** Decodes the small sections of a 2.x file and finds its threads; any section order, END last. */
    static SnapshotFile decode(SnapshotBytes bytes, SnapshotSections layout) throws IOException {
        return decode(bytes, layout, false);
    }

    /**
     * As {@link #decode(SnapshotBytes, SnapshotSections)}; a checkpoint continuation ({@link SnapshotParts}) may
     * hold its threads' changes as CHNG sections, which no other snapshot may.
     */
    static SnapshotFile decode(SnapshotBytes bytes, SnapshotSections layout, boolean continuation) throws IOException {
        Section infoSection = null;
        Section metricsSection = null;
        Section methodsSection = null;
        Section statsSection = null;
        List<Section> trees = new ArrayList<>();
        for (Section s : layout.sections) {
            if (s.tag == TAG_INFO) infoSection = once(bytes, infoSection, s);
            else if (s.tag == TAG_METRICS) metricsSection = once(bytes, metricsSection, s);
            else if (s.tag == TAG_METHODS) methodsSection = once(bytes, methodsSection, s);
            else if (s.tag == TAG_STATS) statsSection = once(bytes, statsSection, s);
            else if (s.tag == TAG_THREAD || s.tag == TAG_FLAT) trees.add(s);
            else if (s.tag == TAG_CHANGES) {
                if (!continuation) {
                    throw SnapshotSections.fail(bytes, "is corrupt: its CHNG section at offset " + s.at + " holds a"
                            + " checkpoint continuation's changes, and it is no continuation");
                }
                trees.add(s);
            }
            // any other tag is a section of a later minor version: skipped
        }
        if (metricsSection == null) throw SnapshotSections.fail(bytes, "is corrupt: it has no MTRC section");
        if (methodsSection == null) throw SnapshotSections.fail(bytes, "is corrupt: it has no MTHD section");
        SnapshotInfo info = new SnapshotInfo();
        if (infoSection != null) SectionDecoders.info(new ByteSource(bytes, infoSection), info);
        Metric[] metrics = SectionDecoders.metrics(new ByteSource(bytes, metricsSection));
        MethodTable methods = SectionDecoders.methods(new ByteSource(bytes, methodsSection));
        Map<String, Long> stats = statsSection != null
                ? SectionDecoders.stats(new ByteSource(bytes, statsSection)) : new LinkedHashMap<>();
        List<ThreadTree> threads = threads(bytes, trees, metrics.length, methods.size());
        int[] identity = new int[metrics.length];
        for (int k = 0; k < identity.length; k++) identity[k] = k;
        return new SnapshotFile(bytes, layout.major + "." + layout.minor, info, Arrays.asList(metrics), identity,
                metrics.length, methods, stats, threads);
    }

    private static Section once(SnapshotBytes bytes, Section seen, Section s) throws IOException {
        if (seen != null) {
            throw SnapshotSections.fail(bytes, "is corrupt: section " + s.name() + " at offset " + s.at + " appears a second time");
        }
        return s;
    }

    /**
     * Each THRD's head, with the root's record checked to fit, and each CHNG's; each FLAT joined to the THRD or CHNG
     * before it of its thread.
     */
    private static List<ThreadTree> threads(SnapshotBytes bytes, List<Section> sections, int metricCount, int methodCount)
            throws IOException {
        List<ThreadTree> threads = new ArrayList<>();
        Map<Long, ThreadTree> latest = new HashMap<>();
        TreeNode probe = new TreeNode(bytes, metricCount, methodCount, new int[metricCount]);
        for (Section s : sections) {
            ByteSource in = new ByteSource(bytes, s);
            long threadId = in.svarint();
            if (s.tag == TAG_FLAT) {
                ThreadTree t = latest.get(threadId);
                if (t == null) throw in.corrupt("it is for thread #" + threadId + ", which has no THRD section before it");
                if (t.flat != null) throw in.corrupt("thread " + t + " has a FLAT section already");
                t.flat = s;
                continue;
            }
            String name = in.string();
            // a THRD node record takes 3 + M bytes at least (the root too), a CHNG record a byte a value
            boolean changes = s.tag == TAG_CHANGES;
            int nodes = changes ? in.count(Math.max(1, metricCount), "change node") : in.count(3 + metricCount, "node");
            if (nodes == 0) throw in.corrupt("thread " + name + " has no root node");
            ThreadTree t = new ThreadTree(threadId, name, nodes, in.position(), s.end(), s);
            // a CHNG's records are checked as they are added up, in node order (ContinuationSum)
            if (!changes) probe.skip(t.root(), t.end());
            threads.add(t);
            latest.put(threadId, t);
        }
        return threads;
    }

    private SnapshotFile withInfo(SnapshotInfo newInfo) {
        return new SnapshotFile(bytes, version, newInfo, metrics, columns, storedMetrics, methods, stats, threads);
    }

    private SnapshotFile asVersion(String v) {
        return new SnapshotFile(bytes, v, info, metrics, columns, storedMetrics, methods, stats, threads);
    }

    /**
     * A view of the same file whose metric {@code k} is the file's column {@code columns[k]}, with other info: how a
     * calibrated snapshot shows its raw or its calibrated times (see CalibratedValues).
     */
    public SnapshotFile withColumns(SnapshotInfo newInfo, List<Metric> newMetrics, int[] newColumns) {
        if (newMetrics.size() != newColumns.length) {
            throw new IllegalArgumentException(newMetrics.size() + " metrics for " + newColumns.length + " columns");
        }
        int[] mapped = new int[newColumns.length];
        for (int k = 0; k < mapped.length; k++) mapped[k] = columns[newColumns[k]];
        SnapshotInfo copy = new SnapshotInfo();
        newInfo.asMap().forEach(copy::put);
        return new SnapshotFile(bytes, version, copy, newMetrics, mapped, storedMetrics, methods, stats, threads);
    }

    /** The file or stream name, for messages. */
    public String name() { return bytes.name(); }

    SnapshotBytes bytes() { return bytes; }

    /** Closes the file; views made by {@link #withColumns} share it. */
    @Override public void close() throws IOException {
        bytes.close();
    }
    /** The format version the file was written in, e.g. {@code 2.0}. */
    public String version() { return version; }

    /** A copy of the session's properties. */
    public SnapshotInfo info() {
        SnapshotInfo copy = new SnapshotInfo();
        info.asMap().forEach(copy::put);
        return copy;
    }

    public List<Metric> metrics() { return metrics; }
    /** The method table; shared, not to be changed. */
    public MethodTable methods() { return methods; }
    public Map<String, Long> stats() { return stats; }
    public List<ThreadTree> threads() { return threads; }

    public long stat(String key) {
        Long v = stats.get(key);
        return v != null ? v : 0L;
    }

    /** Index of the metric with this key, or -1. */
    public int metricIndex(String key) {
        for (int i = 0; i < metrics.size(); i++) if (metrics.get(i).key().equals(key)) return i;
        return -1;
    }

    /** A cursor for {@link #read} and {@link #readRoot}. */
    public TreeNode newNode() {
        return new TreeNode(bytes, storedMetrics, methods.size(), columns);
    }

    /** Reads the thread's root record into {@code into}. */
    public void readRoot(ThreadTree thread, TreeNode into) throws IOException {
        into.read(thread.root(), thread.end(), true);
    }

    /** Reads the (non-root) node record at {@code offset}, which must end by {@code limit}: its parent's end. */
    public void read(long offset, long limit, TreeNode into) throws IOException {
        into.read(offset, limit, false);
    }

    /** The offsets of the node's children, their extents checked to nest exactly in the node's record. */
    public long[] childOffsets(TreeNode node) throws IOException {
        long[] offsets = new long[node.childCount()];
        TreeNode child = newNode();
        long at = node.firstChild();
        for (int i = 0; i < offsets.length; i++) {
            offsets[i] = at;
            at = child.skip(at, node.end());
        }
        TreeNode.checkChildrenEnd(bytes, at, node.offset(), node.end());
        return offsets;
    }

    /**
     * The children's records must end where their parent's does: call after the last child with where it ended.
     *
     * @param parentOffset the parent record's {@link TreeNode#offset()}; @param parentEnd its {@link TreeNode#end()}
     */
    public void checkChildrenEnd(long parentOffset, long parentEnd, long lastChildEnd) throws IOException {
        TreeNode.checkChildrenEnd(bytes, lastChildEnd, parentOffset, parentEnd);
    }

    /** The thread's flat profile as its FLAT section holds it, in this view's columns; null when it has none. */
    public FlatProfile flat(ThreadTree thread) throws IOException {
        if (thread.flat == null) return null;
        ByteSource in = new ByteSource(bytes, thread.flat);
        in.svarint();
        int rows = in.count(1 + storedMetrics, "row");
        int[] ids = new int[rows];
        long[] values = new long[rows * metrics.size()];
        long[] row = new long[storedMetrics];
        IntIndex seen = new IntIndex();
        for (int r = 0; r < rows; r++) {
            long method = in.uvarint();
            if (method < 0 || method >= methods.size()) {
                throw in.corrupt("row " + r + " refers to method " + Long.toUnsignedString(method)
                        + ", the method table has " + methods.size());
            }
            if (seen.get((int) method) >= 0) throw in.corrupt("row " + r + " repeats method " + method);
            seen.add((int) method);
            ids[r] = (int) method;
            for (int k = 0; k < storedMetrics; k++) row[k] = in.svarint();
            for (int k = 0; k < columns.length; k++) values[r * columns.length + k] = row[columns[k]];
        }
        return new FlatProfile(columns.length, ids, values);
    }
}
