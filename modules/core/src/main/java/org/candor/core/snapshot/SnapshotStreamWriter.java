package org.candor.core.snapshot;

import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.candor.core.io.ReplaceFile;
import org.candor.core.model.MethodTable;
import org.candor.core.model.Metric;
import org.candor.core.model.SnapshotInfo;

/**
 * Writes a snapshot file section by section, each thread's tree straight from the caller's tables, so that a tree
 * of any size is written with 16 bytes of working memory a node (outside the Java heap where the JVM allows) and
 * no object per node. The sections go, in the order of the calls, to a temporary file beside the target; {@link
 * #commit} ends the file, syncs it and renames it over the target, so readers see the previous file or the whole
 * new one, never a part. {@link #close} without a commit deletes the temporary file and leaves the target alone.
 *
 * <pre>{@code
 * try (SnapshotStreamWriter w = SnapshotStreamWriter.open(target)) {
 *     w.info(info);
 *     w.metrics(metrics);                    // before any thread
 *     w.thread(id, name, tree, flatOrNull);  // per thread: THRD, then FLAT
 *     w.methods(methods);                    // any time before commit: after the trees is fine
 *     w.stats(stats);
 *     w.commit();
 * }
 * }</pre>
 *
 * Calls out of order (a thread before the metrics, a section twice, a commit without metrics or methods) throw
 * IllegalStateException; inconsistent content (a method id outside the table, a parent after its child) throws
 * IllegalArgumentException; every write error is an IOException. After any of them the writer only closes.
 */
public final class SnapshotStreamWriter implements Closeable {

    private final Path target;
    private final Path temp;
    private final FileChannel channel;
    private final OutputStream stream;
    private final SnapshotEncoder encoder;
    /** A live view's cut, whose arrays go back for the next snapshot once this one is written. */
    private TreeCut cut;
    private boolean failed;
    /** Forced to disk before the rename; not a live view's file. */
    private boolean durable = true;
    private boolean done;

    /** A continuation's: where the file ended before it, to cut a continuation that failed back to; else -1. */
    private final long appendedAt;

    private SnapshotStreamWriter(Path target, Path temp, FileChannel channel, OutputStream stream, long appendedAt)
            throws IOException {
        this.target = target;
        this.temp = temp;
        this.channel = channel;
        this.stream = stream;
        this.appendedAt = appendedAt;
        this.encoder = new SnapshotEncoder(stream);
    }

    /**
     * A checkpoint's continuation (docs/formats/snapshot.md, "Checkpoint continuations"): a whole snapshot of what
     * changed since the file's last part, appended to {@code target}, which must exist. Not forced to disk, nothing
     * renamed: {@link #commit} ends the part; {@link #close} without a commit, or any failure, cuts the file back to
     * where it ended before, so the file holds its earlier parts whole. A program killed while appending leaves a
     * part cut short, which readers leave out.
     */
    public static SnapshotStreamWriter openContinuation(Path target) throws IOException {
        FileChannel channel = FileChannel.open(target, StandardOpenOption.WRITE);
        try {
            long end = channel.size();
            channel.position(end);
            OutputStream stream = new BufferedOutputStream(Channels.newOutputStream(channel), 1 << 16);
            SnapshotStreamWriter w = new SnapshotStreamWriter(target, null, channel, stream, end);
            w.durable = false;
            return w;
        } catch (IOException | RuntimeException | Error e) {
            closeQuietly(channel);
            throw e;
        }
    }

    /** Starts a snapshot for {@code target}: a temporary file in the same directory, named {@code .NAME.*.tmp}. */
    public static SnapshotStreamWriter open(Path target) throws IOException {
        return open(target, UnaryOperator.identity());
    }

    /**
     * A snapshot for a live view, which the next refresh replaces: each thread's tree cut as {@code cut} says (the
     * flat profiles stay whole), and the file is not forced to disk before it replaces the target.
     */
    public static SnapshotStreamWriter openLive(Path target, TreeCut cut) throws IOException {
        SnapshotStreamWriter w = open(target);
        w.encoder.cut(cut);
        w.cut = cut;
        w.durable = false;
        return w;
    }

    /**
     * A checkpoint, which the next one or the snapshot at exit replaces: whole trees, and not forced to disk (a killed
     * or crashed program's writes are in the page cache all the same; a forced write each second would cost the disk).
     */
    public static SnapshotStreamWriter openCheckpoint(Path target) throws IOException {
        SnapshotStreamWriter w = open(target);
        w.durable = false;
        return w;
    }

    /**
     * The kind of snapshot a recording's source writes, chosen in one place: a live view's ({@link #openLive}) when
     * {@code cut} is given, else a checkpoint ({@link #openCheckpoint}), else the snapshot at exit or on demand,
     * forced to disk ({@link #open(Path)}).
     */
    public static SnapshotStreamWriter open(Path target, TreeCut cut, boolean checkpoint) throws IOException {
        return cut != null ? openLive(target, cut) : checkpoint ? openCheckpoint(target) : open(target);
    }

    /** As {@link #open(Path)}; {@code fileStream} wraps the temporary file's stream, to inject failures. */
    static SnapshotStreamWriter open(Path target, UnaryOperator<OutputStream> fileStream) throws IOException {
        Path temp = ReplaceFile.temporaryBeside(target);
        FileChannel channel = null;
        try {
            channel = FileChannel.open(temp, StandardOpenOption.WRITE);
            OutputStream stream = new BufferedOutputStream(fileStream.apply(Channels.newOutputStream(channel)), 1 << 16);
            return new SnapshotStreamWriter(target, temp, channel, stream, -1);
        } catch (IOException | RuntimeException | Error e) {
            if (channel != null) closeQuietly(channel);
            ReplaceFile.deleteQuietly(temp);
            throw e;
        }
    }

    public void info(SnapshotInfo info) throws IOException {
        step(() -> encoder.info(info));
    }

    /** The value columns every node carries; before any thread. */
    public void metrics(List<Metric> metrics) throws IOException {
        step(() -> encoder.metrics(metrics));
    }

    /**
     * One thread's THRD section and its FLAT section: {@code flatOrNull}, or the flat profile computed from the tree
     * when it is null. Trees of any depth and width; children are stored highest first by the first inclusive metric.
     */
    public void thread(long threadId, String name, NodeTable tree, FlatTable flatOrNull) throws IOException {
        step(() -> encoder.thread(threadId, name, tree, flatOrNull));
    }

    /**
     * A checkpoint continuation's changes of one thread (docs/formats/snapshot.md 3.7): {@code changes} in its own node
     * order, each node's values its change since the part before, parents before children; then {@code flat}, its
     * flat rows' changes. Written in one sequential pass (into a buffer, then the section), with no children lists
     * built or sorted.
     */
    public void changes(long threadId, String name, NodeTable changes, FlatTable flat) throws IOException {
        step(() -> encoder.changes(threadId, name, changes, flat));
    }

    /** The method table; any time before {@link #commit}, so that a streaming writer may learn it from its trees. */
    public void methods(MethodTable methods) throws IOException {
        step(() -> encoder.methods(methods));
    }

    public void stats(Map<String, Long> stats) throws IOException {
        step(() -> encoder.stats(stats));
    }

    /** Ends the file (END and checksum), forces it to disk and renames it over the target. */
    public void commit() throws IOException {
        step(() -> {
            encoder.end();
            stream.flush();
            if (durable) channel.force(true);
            channel.close();
            if (temp != null) ReplaceFile.moveOver(temp, target);
            done = true;
            releaseCut();
        });
    }

    /** Without a commit: closes and deletes the temporary file; the target stays as it was. */
    @Override public void close() {
        releaseCut();
        if (done) return;
        done = true;
        if (temp == null) cutBack();
        closeQuietly(channel);
        if (temp != null) ReplaceFile.deleteQuietly(temp);
    }

    /** A continuation that did not commit: the file as it was before it (its buffered bytes are dropped unwritten). */
    private void cutBack() {
        try {
            channel.truncate(appendedAt);
        } catch (IOException | RuntimeException ignored) {
            // the part stays cut short, which readers leave out; the write error is what the caller heard about
        }
    }

    private void releaseCut() {
        if (cut != null) cut.release();
        cut = null;
    }

    private interface Step {
        void run() throws IOException;
    }

    /** Runs one call; any failure leaves the writer able only to close. */
    private void step(Step step) throws IOException {
        if (done) throw new IllegalStateException("the snapshot was committed or closed already");
        if (failed) throw new IllegalStateException("an earlier call failed; the snapshot can only be closed");
        boolean ok = false;
        try {
            step.run();
            ok = true;
        } finally {
            if (!ok) failed = true;
        }
    }

    private static void closeQuietly(FileChannel channel) {
        try {
            channel.close();
        } catch (IOException ignored) {
            // the write already failed or was abandoned; that is what the caller hears about
        }
    }
}
