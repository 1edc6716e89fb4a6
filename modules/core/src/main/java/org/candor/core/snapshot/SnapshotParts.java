package org.candor.core.snapshot;

import static org.candor.core.snapshot.SnapshotFormat.*;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.candor.core.model.Metric;
import org.candor.core.model.SnapshotInfo;

/**
 * A snapshot file split into its parts: one whole snapshot, or a checkpoint followed by its continuations, each a
 * whole snapshot of what changed since the part before it, appended after the file's last END section
 * (docs/formats/snapshot.md, "Checkpoint continuations"). The agent appends them because a whole checkpoint of a huge
 * tree costs too much CPU to write often. A part the program was killed while appending (cut short, its checksum
 * wrong, its header damaged) is left out with everything after it: a continuation is only right on top of all the
 * parts before it.
 *
 * <p>The split walks the first part's framing from the start and so finds its END section: a file of one part is
 * then checked exactly as {@link SnapshotSections#read} checks it (one checksum over the whole file, today's
 * messages), at no extra cost. Only bytes after the first END make a file of parts; each part's checksum is then
 * verified over its own bytes, never over the whole file.
 */
final class SnapshotParts {

    /** The first part: the whole snapshot, or the checkpoint the continuations add to. */
    final SnapshotSections first;
    /** The whole continuations, in file order. */
    final List<SnapshotSections> continuations;
    /** Where the bytes left out start, and why, in words; -1 and null when none are. */
    final long leftOutAt;
    final String leftOutReason;
    private final long size;

    private SnapshotParts(SnapshotSections first, List<SnapshotSections> continuations, long leftOutAt,
                          String leftOutReason, long size) {
        this.first = first;
        this.continuations = continuations;
        this.leftOutAt = leftOutAt;
        this.leftOutReason = leftOutReason;
        this.size = size;
    }

    /** Whether the file is one snapshot and nothing else (what every file but a checkpoint's is). */
    boolean single() {
        return continuations.isEmpty() && leftOutAt < 0;
    }

    long leftOutBytes() {
        return leftOutAt < 0 ? 0 : size - leftOutAt;
    }

    static SnapshotParts split(SnapshotBytes bytes) throws IOException {
        int[] version = SnapshotSections.checkHeader(bytes);
        long size = bytes.size();
        SnapshotSections.Walk walk = SnapshotSections.walk(bytes, 0);
        if (walk.problem != null || version[0] < 2) return whole(SnapshotSections.read(bytes), size);
        if (walk.end == size) {
            if (!SnapshotSections.checksumMatches(bytes, walk, 0)) throw SnapshotSections.fail(bytes, "is corrupt: checksum mismatch");
            return whole(SnapshotSections.part(version, walk, 0), size);
        }
        // bytes follow the first END: a checkpoint's continuations, or a file refused as a single part always was
        if (!SnapshotSections.checksumMatches(bytes, walk, 0) || !isCheckpoint(bytes, walk.sections)) {
            SnapshotSections.read(bytes); // throws: checksum mismatch, or bytes follow the END section
            throw SnapshotSections.fail(bytes, "is corrupt: " + (size - walk.end) + " bytes follow the END section at offset "
                    + walk.endSection);
        }
        SnapshotSections first = SnapshotSections.part(version, walk, 0);
        List<SnapshotSections> continuations = new ArrayList<>();
        long at = walk.end;
        while (at < size) {
            String damage = headerDamage(bytes, at);
            SnapshotSections.Walk part = null;
            if (damage == null) {
                part = SnapshotSections.walk(bytes, at);
                if (part.problem != null) damage = part.framing ? "cut short" : "damaged";
                else if (!SnapshotSections.checksumMatches(bytes, part, at)) damage = "failing its checksum";
            }
            if (damage != null) {
                return new SnapshotParts(first, continuations, at, String.format(Locale.ROOT,
                        "a continuation %s at offset %,d", damage, at), size);
            }
            continuations.add(SnapshotSections.part(new int[] {bytes.u16(at + 8), bytes.u16(at + 10)}, part, at));
            at = part.end;
        }
        return new SnapshotParts(first, continuations, -1, null, size);
    }

    private static SnapshotParts whole(SnapshotSections layout, long size) {
        return new SnapshotParts(layout, List.of(), -1, null, size);
    }

    /** Why the continuation's header at {@code at} is not a 2.x snapshot's, or null when it is one. */
    private static String headerDamage(SnapshotBytes bytes, long at) throws IOException {
        if (bytes.size() - at < HEADER_SIZE) return "cut short";
        for (int i = 0; i < MAGIC.length; i++) if (bytes.get(at + i) != MAGIC[i]) return "with a damaged header";
        int major = bytes.u16(at + MAGIC.length);
        return major == 2 ? null : "with a damaged header (version " + major + "." + bytes.u16(at + MAGIC.length + 2) + ")";
    }

    /**
     * Whether the part's INFO says it is a checkpoint ({@link SnapshotInfo#CHECKPOINT}), which continuations may
     * follow; an INFO that does not decode says no, so that the file is refused as a single part would be.
     */
    static boolean isCheckpoint(SnapshotBytes bytes, List<Section> sections) throws IOException {
        for (Section s : sections) {
            if (s.tag != TAG_INFO) continue;
            SnapshotInfo info = new SnapshotInfo();
            try {
                SectionDecoders.info(new ByteSource(bytes, s), info);
            } catch (SnapshotFormatException e) {
                return false;
            }
            return info.checkpoint();
        }
        return false;
    }

    /**
     * Every whole part decoded (small sections and threads' heads, as {@link SnapshotFile} reads them). A continuation
     * is refused, and with it the file, unless it says it is one and has the first part's metrics: then it is not one
     * of Candor's continuations, and adding it would add numbers that mean something else.
     */
    List<SnapshotFile> decode(SnapshotBytes bytes) throws IOException {
        List<SnapshotFile> parts = new ArrayList<>();
        SnapshotFile checkpoint = SnapshotFile.decode(bytes, first);
        parts.add(checkpoint);
        for (SnapshotSections layout : continuations) {
            SnapshotFile part = SnapshotFile.decode(bytes, layout, true);
            SnapshotInfo info = part.info();
            if (!info.checkpoint() || !"true".equals(info.get(SnapshotInfo.CHECKPOINT_CONTINUATION))) {
                throw SnapshotSections.fail(bytes, "is corrupt: the snapshot at offset " + layout.start + " after the"
                        + " checkpoint's END section is no continuation of it (its INFO lacks "
                        + SnapshotInfo.CHECKPOINT_CONTINUATION + "=true)");
            }
            if (!sameMetrics(checkpoint.metrics(), part.metrics())) {
                throw SnapshotSections.fail(bytes, "is corrupt: the continuation at offset " + layout.start + " has the"
                        + " metrics " + describe(part.metrics()) + ", the checkpoint it continues " + describe(checkpoint.metrics()));
            }
            parts.add(part);
        }
        return parts;
    }

    /** Keys, units and kinds (inclusive or not), in the same order: the values of one mean what the other's do. */
    private static boolean sameMetrics(List<Metric> a, List<Metric> b) {
        if (a.size() != b.size()) return false;
        for (int k = 0; k < a.size(); k++) {
            Metric x = a.get(k);
            Metric y = b.get(k);
            if (!x.key().equals(y.key()) || x.unit() != y.unit() || x.inclusive() != y.inclusive()) return false;
        }
        return true;
    }

    private static String describe(List<Metric> metrics) {
        StringBuilder s = new StringBuilder("(");
        for (Metric m : metrics) {
            if (s.length() > 1) s.append(", ");
            s.append(m.key()).append(' ').append(m.unit().name().toLowerCase(Locale.ROOT)).append(m.inclusive() ? " inclusive" : "");
        }
        return s.append(')').toString();
    }

    /** Says in the snapshot's info what was left out of the file, if anything. */
    void noteLeftOut(SnapshotInfo info) {
        if (leftOutAt < 0) return;
        info.put(SnapshotInfo.CHECKPOINT_LEFT_OUT_BYTES, Long.toString(leftOutBytes()));
        info.put(SnapshotInfo.CHECKPOINT_LEFT_OUT_REASON, leftOutReason);
    }
}
