package org.candor.core.report;

import com.google.perftools.profiles.ProfileProto.Function;
import com.google.perftools.profiles.ProfileProto.Label;
import com.google.perftools.profiles.ProfileProto.Line;
import com.google.perftools.profiles.ProfileProto.Location;
import com.google.perftools.profiles.ProfileProto.Profile;
import com.google.perftools.profiles.ProfileProto.Sample;
import com.google.perftools.profiles.ProfileProto.ValueType;
import com.google.protobuf.CodedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import org.candor.core.analysis.CalibratedValues;
import org.candor.core.analysis.TreeWalk;
import org.candor.core.model.MethodInfo;
import org.candor.core.model.MethodTable;
import org.candor.core.model.Metric;
import org.candor.core.model.SnapshotInfo;
import org.candor.core.snapshot.SnapshotFile;
import org.candor.core.snapshot.ThreadTree;

/**
 * pprof's profile (docs/formats/pprof.md): gzipped protobuf of pprof's own {@code profile.proto}, whose classes are
 * generated at build time from the copy in src/main/proto. pprof adds a sample's values to every function on its
 * stack (cum) and to its leaf (flat), so the sample types are the snapshot's exclusive metrics ({@link SampleTypes}:
 * calls and self time; sampled: self time and self samples), each call path with a non-zero one a sample, leaf first,
 * carrying the node's own values: pprof's flat is then Candor's self, its cum Candor's total. Each sample is labelled
 * with its thread ({@code thread}, {@code thread_id}); the threads are those the options select, always apart
 * (pprof merges them unless asked by label). The default sample type is the value the options name (its self twin
 * for an inclusive one), else self time. Functions are Candor's methods, named {@code class.method}, the descriptor
 * in system_name; one location per method.
 *
 * <p>Memory: samples go out as the trees are walked in place, each as its own {@code sample} field; what follows them
 * (types, functions, locations, strings) is a second Profile message written after them, which protobuf's rules
 * merge into one (repeated fields of concatenated messages are appended). So what is kept is the current path and
 * one entry per method and string, never the samples.
 */
final class PprofReport implements ReportWriter {

    /** Thread label keys: the thread's name (a string) and id (a number). */
    static final String THREAD_LABEL = "thread";
    static final String THREAD_ID_LABEL = "thread_id";

    @Override
    public void write(SnapshotFile file, ReportOptions options, OutputStream stream) throws IOException {
        List<Metric> metrics = file.metrics();
        int[] types = SampleTypes.of(metrics);
        int chosen = SampleTypes.chosen(metrics, types, options);
        MethodTable methods = file.methods();
        SnapshotInfo info = file.info();
        Strings strings = new Strings();
        Profile.Builder tail = Profile.newBuilder();
        for (int k : types) tail.addSampleType(valueType(metrics.get(k), info, strings));
        tail.setDefaultSampleType(strings.index(SampleTypes.name(metrics.get(chosen), info)));

        // closed, which ends its deflater; the caller's stream stays open
        try (GZIPOutputStream gzip = new GZIPOutputStream(new NotClosing(stream), 1 << 16)) {
            CodedOutputStream out = CodedOutputStream.newInstance(gzip, 1 << 16);
            boolean[] used = new boolean[methods.size()];
            int[] byMethod = TreeWalk.byMethod(methods.size());
            for (ThreadTree t : options.threads().selectTrees(file.threads())) {
                List<Label> labels = Arrays.asList(
                        Label.newBuilder().setKey(strings.index(THREAD_LABEL)).setStr(strings.index(t.name())).build(),
                        Label.newBuilder().setKey(strings.index(THREAD_ID_LABEL)).setNum(t.threadId()).build());
                new TreeWalk(file, Collections.singletonList(t), byMethod, byMethod, types, -1)
                        .walk(samples(types, labels, used, out));
            }

            for (MethodInfo m : methods.all()) {
                if (!used[m.id()]) continue;
                long id = m.id() + 1L;
                Function.Builder f = Function.newBuilder().setId(id).setName(strings.index(m.qualifiedName()));
                if (m.descriptor() != null && !m.descriptor().isEmpty()) {
                    f.setSystemName(strings.index(m.qualifiedName() + m.descriptor()));
                }
                tail.addFunction(f);
                tail.addLocation(Location.newBuilder().setId(id).addLine(Line.newBuilder().setFunctionId(id)));
            }
            period(info, tail, strings);
            tail.addComment(strings.index("candor " + SpeedscopeReport.version() + ": " + file.name()));
            String values = info.get(CalibratedValues.VALUES);
            if (values != null) tail.addComment(strings.index("times: " + values));
            tail.addAllStringTable(strings.all()); // last: every string is in by now
            tail.build().writeTo(out);
            out.flush();
        }
        stream.flush();
    }

    /** Writes each call path with a non-zero value as one sample: its locations leaf first, the node's own values. */
    private static TreeWalk.Visitor samples(int[] types, List<Label> labels, boolean[] used, CodedOutputStream out) {
        return new TreeWalk.Visitor() {
            private long[] path = new long[64];
            private final Sample.Builder sample = Sample.newBuilder();

            @Override public boolean enter(TreeWalk.Node node, int depth) throws IOException {
                if (depth == 0) return true;
                if (depth > path.length) path = Arrays.copyOf(path, depth * 2);
                path[depth - 1] = node.method() + 1L;
                used[node.method()] = true;
                boolean any = false;
                for (int k : types) any |= node.value(k) != 0;
                if (any) {
                    sample.clear();
                    for (int i = depth - 1; i >= 0; i--) sample.addLocationId(path[i]);
                    for (int k : types) sample.addValue(node.value(k));
                    sample.addAllLabel(labels);
                    out.writeMessage(Profile.SAMPLE_FIELD_NUMBER, sample.build());
                }
                return true;
            }
        };
    }

    private static ValueType valueType(Metric m, SnapshotInfo info, Strings strings) {
        return ValueType.newBuilder().setType(strings.index(SampleTypes.name(m, info)))
                .setUnit(strings.index(SampleTypes.unit(m))).build();
    }

    /** When the run was, and for a sampled one its interval as pprof's period. */
    private static void period(SnapshotInfo info, Profile.Builder tail, Strings strings) {
        long start = SampleTypes.startNanos(info);
        long duration = SampleTypes.durationNanos(info);
        long interval = SampleTypes.intervalNanos(info);
        if (start >= 0) tail.setTimeNanos(start);
        if (duration >= 0) tail.setDurationNanos(duration);
        if (interval > 0) {
            tail.setPeriodType(ValueType.newBuilder().setType(strings.index(SampleTypes.clock(info)))
                    .setUnit(strings.index("nanoseconds")));
            tail.setPeriod(interval);
        }
    }

    /** pprof's string table: each string once, by index; index 0 is the empty string, as the format requires. */
    static final class Strings {
        private final Map<String, Long> index = new HashMap<>();
        private final List<String> all = new ArrayList<>();

        Strings() {
            index("");
        }

        long index(String s) {
            Long i = index.get(s);
            if (i == null) {
                i = (long) all.size();
                index.put(s, i);
                all.add(s);
            }
            return i;
        }

        List<String> all() { return all; }
    }

    /** The caller's stream, which closing the gzip stream leaves open (a report writer does not close): flushed only. */
    private static final class NotClosing extends java.io.FilterOutputStream {
        NotClosing(OutputStream out) { super(out); }

        @Override public void write(byte[] b, int off, int len) throws IOException { out.write(b, off, len); }

        @Override public void close() throws IOException { flush(); }
    }
}
