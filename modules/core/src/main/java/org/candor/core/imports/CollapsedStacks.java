package org.candor.core.imports;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.candor.core.analysis.SamplingQuality;
import org.candor.core.model.JvmNames;
import org.candor.core.model.Snapshot;
import org.candor.core.model.SnapshotInfo;

/**
 * Collapsed (folded) stacks as a sampled snapshot: lines {@code frame;frame;frame COUNT}, the outermost call first,
 * as async-profiler, perf script + stackcollapse and {@code candor report --format collapsed} write them. A first
 * frame {@code [name tid=N]} (async-profiler's {@code -t}, Candor's per-thread lines; {@code [tid=N]} for a thread
 * without a name, which keeps that as its name) or {@code comm-PID/TID} (stackcollapse-perf's {@code --tid}) gives the
 * line's thread, and perf's names of Java frames are read as {@link PerfFrameNames} says; lines
 * without one go to one thread of all. A frame {@code a.b.C.m} is class {@code a.b.C} and method {@code m} (split at
 * the last dot; one without a dot is a {@code [vm]} frame, its spaces made {@code _} as Candor names the VM's code);
 * async-profiler's frame type suffixes ({@code _[j]},
 * {@code _[i]}, {@code _[k]} ...) are dropped. The file does not say what its counts are ({@link CollapsedUnit}):
 * by default samples, and as it names no interval, async-profiler's default, 10 ms, gives the times, and the info says
 * it was assumed; the reader may say the interval, or that the counts are times in a unit (Candor's own export of
 * times), each count then one unit.
 */
final class CollapsedStacks {

    /** Async-profiler's default sampling interval: the times of a file that names none. */
    static final long ASSUMED_INTERVAL_NS = 10_000_000L;
    /** Info: how the interval was found. */
    static final String INTERVAL_SOURCE = "import.interval";

    /** A thread frame: {@code [name tid=N]}, or {@code [tid=N]} for a thread without a name (async-profiler's). */
    private static final Pattern THREAD = Pattern.compile("\\[(?:(.*) )?tid=(\\d{1,18})\\]");
    /** async-profiler's frame types: _[j] compiled, _[i] inlined, _[k] kernel, _[0] interpreted, _[1] C1 ... */
    private static final Pattern TYPE_SUFFIX = Pattern.compile("_\\[[a-z0-9]\\]$");

    /** Thread id of the lines without a thread frame. */
    static final long ALL_THREADS_ID = 0;
    static final String ALL_THREADS = "all threads";

    private CollapsedStacks() {}

    /** Info: what the counts were read as ({@link CollapsedUnit#describe}). */
    static final String UNIT = "import.unit";

    static Snapshot read(Path file, CollapsedUnit unit) throws IOException {
        String name = file.toString();
        SampledStacks stacks = new SampledStacks();
        int[] stack = new int[64];
        long lineNumber = 0;
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            for (String line; (line = in.readLine()) != null; ) {
                lineNumber++;
                if (line.isBlank()) continue;
                Object[] parsed = parse(line);
                if (parsed == null) throw new ProfileImportException(name, lineNumber, "not 'frames count'");
                long count = (Long) parsed[1];
                String[] frames = ((String) parsed[0]).split(";", -1);
                int first = 0;
                long tid = ALL_THREADS_ID;
                String threadName = ALL_THREADS;
                Matcher thread = THREAD.matcher(frames[0]);
                Object[] perfThread = PerfFrameNames.thread(frames[0]);
                if (thread.matches()) {
                    // unnamed: named as async-profiler's JFR output names it, and written back so
                    threadName = thread.group(1) != null ? thread.group(1) : frames[0];
                    tid = Long.parseLong(thread.group(2));
                    first = 1;
                } else if (perfThread != null && frames.length > 1) {
                    threadName = (String) perfThread[0];
                    tid = (Long) perfThread[1];
                    first = 1;
                }
                int length = 0;
                for (int i = first; i < frames.length; i++) {
                    if (frames[i].isEmpty()) throw new ProfileImportException(name, lineNumber, "an empty frame");
                    if (length == stack.length) stack = Arrays.copyOf(stack, length * 2);
                    stack[length++] = method(stacks, frames[i]);
                }
                if (length == 0) throw new ProfileImportException(name, lineNumber, "a thread frame and no other");
                if (stacks.samples() > Long.MAX_VALUE - count) {
                    throw new ProfileImportException(name, lineNumber, "the counts add up beyond 2^63");
                }
                stacks.add(tid, threadName, stack, length, count);
            }
        } catch (java.nio.charset.CharacterCodingException e) {
            throw new ProfileImportException(name, lineNumber + 1, "not UTF-8 text");
        }
        if (stacks.samples() == 0) throw new ProfileImportException(name, "no 'frames count' line: not collapsed stacks");
        long interval = unit.isGiven() ? unit.nanosPerCount() : ASSUMED_INTERVAL_NS;
        SnapshotInfo info = new SnapshotInfo()
                .put(SnapshotInfo.MODE, "sampling")
                .put(SnapshotInfo.INTERVAL_NS, Long.toString(interval))
                .put(ProfileFiles.IMPORT_FORMAT, ProfileFormat.COLLAPSED.id())
                .put(ProfileFiles.IMPORT_FILE, name)
                .put(UNIT, unit.describe())
                .put(INTERVAL_SOURCE, !unit.isGiven() ? "assumed (10 ms, async-profiler's default: collapsed stacks name none)"
                        : unit.isSamples() ? "given (collapsed stacks name none)" : "none (the counts are times)");
        return stacks.snapshot(info, interval)
                .putStat(SamplingQuality.IMPORTED_SAMPLES, stacks.samples())
                .putStat("import.lines", lineNumber);
    }

    /** Whether the line is {@code frames count}: what tells a file of collapsed stacks by its content. */
    static boolean isStackLine(String line) {
        return parse(line) != null;
    }

    /** The line's frames and count; null when it is not {@code frames count}. */
    private static Object[] parse(String line) {
        int end = line.length();
        while (end > 0 && isBlank(line.charAt(end - 1))) end--;
        int space = end;
        while (space > 0 && !isBlank(line.charAt(space - 1))) space--;
        int framesEnd = space;
        while (framesEnd > 0 && isBlank(line.charAt(framesEnd - 1))) framesEnd--;
        long count = count(line, space, end);
        if (count < 0 || framesEnd == 0 || space == framesEnd) return null;
        return new Object[] {line.substring(0, framesEnd), count};
    }

    private static boolean isBlank(char c) {
        return c == ' ' || c == '\t';
    }

    /** The count in {@code line[from, to)}: 1 to 18 digits; -1 when it is none. */
    private static long count(String line, int from, int to) {
        if (to - from < 1 || to - from > 18) return -1;
        long n = 0;
        for (int i = from; i < to; i++) {
            char c = line.charAt(i);
            if (c < '0' || c > '9') return -1;
            n = n * 10 + (c - '0');
        }
        return n;
    }

    /** A frame as a method: {@code a/b/C.m_[j]} and {@code a.b.C.m} are class {@code a.b.C}, method {@code m}. */
    private static int method(SampledStacks stacks, String frame) {
        return method(stacks, frame, "");
    }

    /** As {@link #method(SampledStacks, String)}, with the method's descriptor when the frame's source has one. */
    static int method(SampledStacks stacks, String frame, String descriptor) {
        String f = PerfFrameNames.javaName(TYPE_SUFFIX.matcher(frame).replaceFirst(""));
        int dot = f.lastIndexOf('.');
        if (dot <= 0 || dot == f.length() - 1) return stacks.method(JvmNames.VM_CLASS, JvmNames.vmMethodName(f), "");
        return stacks.method(className(f.substring(0, dot)), f.substring(dot + 1), descriptor);
    }

    /**
     * Slashes become dots ({@code java/lang/Thread}); a hidden class keeps its {@code /0x...} suffix as Candor names
     * it, and one written {@code Foo$$Lambda.0x...} is named so too ({@link JvmNames#className}).
     */
    private static String className(String s) {
        int hidden = s.indexOf("/0x");
        if (hidden < 0) return JvmNames.className(s);
        return s.substring(0, hidden).replace('/', '.') + s.substring(hidden);
    }
}
