package org.candor.core.snapshot;

import java.io.IOException;

import static org.candor.core.snapshot.SnapshotFormat.*;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.candor.core.model.MethodTable;
import org.candor.core.model.Metric;
import org.candor.core.model.Snapshot;
import org.candor.core.model.SnapshotInfo;
import org.candor.core.model.ThreadProfile;

/**
 * Reads a snapshot whole into the object model: 2.x through {@link SnapshotFile} and {@link TreeDecoder}, 1.x with
 * its own decoders. Before any node is built the trees' node counts are weighed against the heap ({@link
 * HeapBudget}): a snapshot that cannot fit is one line, not an OutOfMemoryError.
 */
final class SnapshotDecoder {

    private SnapshotDecoder() {}

    static Snapshot decode(SnapshotBytes bytes) throws IOException {
        SnapshotParts parts = SnapshotParts.split(bytes);
        SnapshotSections layout = parts.first;
        if (parts.single()) {
            if (layout.major == 1) return decodeV1(bytes, layout);
            return load(SnapshotFile.decode(bytes, layout));
        }
        return loadParts(bytes, parts);
    }

    /** A checkpoint and its continuations added up; the checkpoint alone when the sum would not fit the heap. */
    private static Snapshot loadParts(SnapshotBytes bytes, SnapshotParts parts) throws IOException {
        List<SnapshotFile> files = parts.decode(bytes);
        Snapshot snapshot;
        if (files.size() == 1) {
            snapshot = load(files.get(0));
        } else {
            try {
                snapshot = ContinuationSum.sum(files);
            } catch (SnapshotTooLargeException e) {
                snapshot = load(files.get(0));
                ContinuationSum.notAdded(snapshot.info(), files.size() - 1, e);
            }
        }
        parts.noteLeftOut(snapshot.info());
        return snapshot;
    }

    /** A 2.x file as objects: every tree, every flat profile. */
    static Snapshot load(SnapshotFile file) throws IOException {
        long nodes = 0;
        for (ThreadTree t : file.threads()) nodes += t.nodeCount();
        int metricCount = file.metrics().size();
        HeapBudget.check(file.name(), file.version(), nodes, metricCount);
        try {
            Snapshot snapshot = new Snapshot(file.info(), file.metrics(), file.methods());
            for (ThreadTree t : file.threads()) {
                snapshot.addThread(new ThreadProfile(t.threadId(), t.name(), TreeDecoder.decode(file, t), file.flat(t)));
            }
            file.stats().forEach(snapshot::putStat);
            return snapshot;
        } catch (OutOfMemoryError e) {
            throw HeapBudget.tooLarge(file.name(), file.version(), nodes, HeapBudget.estimate(nodes, metricCount));
        }
    }

    /** 1.x: sections in file order, MTRC and MTHD before every THRD. */
    static Snapshot decodeV1(SnapshotBytes bytes, SnapshotSections layout) throws IOException {
        SnapshotInfo info = new SnapshotInfo();
        Metric[] metrics = null;
        MethodTable methods = null;
        Map<String, Long> stats = null;
        boolean infoSeen = false;
        long nodes = 0;
        for (Section s : layout.sections) {
            if (s.tag == TAG_INFO) {
                if (infoSeen) throw repeated(bytes, s);
                SectionDecoders.info(new ByteSource(bytes, s), info);
                infoSeen = true;
            } else if (s.tag == TAG_METRICS) {
                if (metrics != null) throw repeated(bytes, s);
                metrics = SectionDecoders.metrics(new ByteSource(bytes, s));
            } else if (s.tag == TAG_METHODS) {
                if (methods != null) throw repeated(bytes, s);
                methods = SectionDecoders.methods(new ByteSource(bytes, s));
            } else if (s.tag == TAG_THREAD) {
                if (metrics == null || methods == null) {
                    throw SnapshotSections.fail(bytes, "is corrupt: section THRD at offset " + s.at
                            + " comes before the MTRC and MTHD sections it needs");
                }
                nodes += SectionDecoders.nodeCountV1(new ByteSource(bytes, s), metrics.length);
            } else if (s.tag == TAG_STATS) {
                if (stats != null) throw repeated(bytes, s);
                stats = SectionDecoders.stats(new ByteSource(bytes, s));
            }
            // any other tag is a section of a later minor version: skipped
        }
        if (metrics == null) throw SnapshotSections.fail(bytes, "is corrupt: it has no MTRC section");
        if (methods == null) throw SnapshotSections.fail(bytes, "is corrupt: it has no MTHD section");
        HeapBudget.check(bytes.name(), version(layout), nodes, metrics.length);
        try {
            List<ThreadProfile> threads = new ArrayList<>();
            for (Section s : layout.sections) {
                if (s.tag == TAG_THREAD) threads.add(SectionDecoders.threadV1(new ByteSource(bytes, s), metrics.length, methods.size()));
            }
            Snapshot snapshot = new Snapshot(info, Arrays.asList(metrics), methods);
            for (ThreadProfile t : threads) snapshot.addThread(t);
            if (stats != null) stats.forEach(snapshot::putStat);
            return snapshot;
        } catch (OutOfMemoryError e) {
            throw HeapBudget.tooLarge(bytes.name(), version(layout), nodes, HeapBudget.estimate(nodes, metrics.length));
        }
    }

    private static String version(SnapshotSections layout) {
        return layout.major + "." + layout.minor;
    }

    private static SnapshotFormatException repeated(SnapshotBytes bytes, Section s) {
        return SnapshotSections.fail(bytes, "is corrupt: section " + s.name() + " at offset " + s.at + " appears a second time");
    }
}
