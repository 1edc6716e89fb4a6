package org.candor.core.report;

import com.google.protobuf.ByteString;
import io.opentelemetry.proto.common.v1.AnyValue;
import io.opentelemetry.proto.common.v1.InstrumentationScope;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.profiles.v1development.Function;
import io.opentelemetry.proto.profiles.v1development.KeyValueAndUnit;
import io.opentelemetry.proto.profiles.v1development.Line;
import io.opentelemetry.proto.profiles.v1development.Link;
import io.opentelemetry.proto.profiles.v1development.Location;
import io.opentelemetry.proto.profiles.v1development.Mapping;
import io.opentelemetry.proto.profiles.v1development.Profile;
import io.opentelemetry.proto.profiles.v1development.ProfilesData;
import io.opentelemetry.proto.profiles.v1development.ProfilesDictionary;
import io.opentelemetry.proto.profiles.v1development.ResourceProfiles;
import io.opentelemetry.proto.profiles.v1development.Sample;
import io.opentelemetry.proto.profiles.v1development.ScopeProfiles;
import io.opentelemetry.proto.profiles.v1development.Stack;
import io.opentelemetry.proto.profiles.v1development.ValueType;
import io.opentelemetry.proto.resource.v1.Resource;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.candor.core.analysis.TreeWalk;
import org.candor.core.model.MethodInfo;
import org.candor.core.model.MethodTable;
import org.candor.core.model.Metric;
import org.candor.core.model.SnapshotInfo;
import org.candor.core.snapshot.SnapshotFile;
import org.candor.core.snapshot.ThreadTree;

/**
 * OpenTelemetry profiles (docs/formats/otlp.md): a {@code ProfilesData} message of OpenTelemetry's
 * {@code profiles/v1development} schema as protobuf bytes, with the classes OpenTelemetry publishes
 * (io.opentelemetry.proto:opentelemetry-proto); its bytes are also those of an OTLP {@code ExportProfilesServiceRequest}
 * (the same fields under the same numbers). An OTLP profile has one sample type, so there is one profile per
 * {@link SampleTypes} type (the chosen one first: a reader takes the first by default), all over one dictionary: a
 * stack per call path with a non-zero value (leaf first), one function and location per method, the threads as
 * {@code thread.name} and {@code thread.id} attributes (OpenTelemetry's semantic conventions). A sample per call path
 * and type, its value the node's own, as in the pprof export.
 *
 * <p>Memory: the format nests the samples inside their profile, so the message is built whole before it is written:
 * a stack and a sample per call path, unlike the pprof export, which streams them.
 */
final class OtlpReport implements ReportWriter {

    static final String THREAD_NAME = "thread.name";
    static final String THREAD_ID = "thread.id";

    @Override
    public void write(SnapshotFile file, ReportOptions options, OutputStream stream) throws IOException {
        List<Metric> metrics = file.metrics();
        SnapshotInfo info = file.info();
        int[] types = SampleTypes.of(metrics);
        int chosen = SampleTypes.chosen(metrics, types, options);
        int[] order = new int[types.length]; // the chosen type first, then the others in the snapshot's order
        order[0] = chosen;
        int n = 1;
        for (int k : types) if (k != chosen) order[n++] = k;

        Dictionary dict = new Dictionary(file.methods());
        Profile.Builder[] profiles = new Profile.Builder[order.length];
        long start = SampleTypes.startNanos(info);
        long duration = SampleTypes.durationNanos(info);
        long interval = SampleTypes.intervalNanos(info);
        for (int t = 0; t < order.length; t++) {
            Metric m = metrics.get(order[t]);
            Profile.Builder p = profiles[t] = Profile.newBuilder()
                    .setSampleType(dict.valueType(SampleTypes.name(m, info), SampleTypes.unit(m)));
            if (start >= 0) p.setTimeUnixNano(start);
            if (duration >= 0) p.setDurationNano(duration);
            if (interval > 0) p.setPeriodType(dict.valueType(SampleTypes.clock(info), "nanoseconds")).setPeriod(interval);
        }

        int[] byMethod = TreeWalk.byMethod(file.methods().size());
        for (ThreadTree t : options.threads().selectTrees(file.threads())) {
            List<Integer> attributes = Arrays.asList(
                    dict.attribute(THREAD_NAME, AnyValue.newBuilder().setStringValue(t.name()).build()),
                    dict.attribute(THREAD_ID, AnyValue.newBuilder().setIntValue(t.threadId()).build()));
            new TreeWalk(file, Collections.singletonList(t), byMethod, byMethod, types, -1).walk(new TreeWalk.Visitor() {
                private int[] path = new int[64];

                @Override public boolean enter(TreeWalk.Node node, int depth) throws IOException {
                    if (depth == 0) return true;
                    if (depth > path.length) path = Arrays.copyOf(path, depth * 2);
                    path[depth - 1] = dict.location(node.method());
                    int stack = -1;
                    for (int i = 0; i < order.length; i++) {
                        long v = node.value(order[i]);
                        if (v == 0) continue;
                        if (stack < 0) stack = dict.stack(path, depth);
                        profiles[i].addSamples(Sample.newBuilder().setStackIndex(stack)
                                .addAllAttributeIndices(attributes).addValues(v));
                    }
                    return true;
                }
            });
        }

        ScopeProfiles.Builder scope = ScopeProfiles.newBuilder()
                .setScope(InstrumentationScope.newBuilder().setName("candor").setVersion(SpeedscopeReport.version()));
        for (Profile.Builder p : profiles) scope.addProfiles(p);
        ProfilesData data = ProfilesData.newBuilder()
                .addResourceProfiles(ResourceProfiles.newBuilder().setResource(resource(info)).addScopeProfiles(scope))
                .setDictionary(dict.build())
                .build();
        data.writeTo(stream);
        stream.flush();
    }

    /** The profiled process, in OpenTelemetry's semantic conventions, as far as the snapshot says. */
    private static Resource resource(SnapshotInfo info) {
        Resource.Builder r = Resource.newBuilder();
        String pid = info.get(SnapshotInfo.PID);
        if (pid != null && pid.matches("\\d{1,18}")) {
            r.addAttributes(keyValue("process.pid", AnyValue.newBuilder().setIntValue(Long.parseLong(pid))));
        }
        String command = info.get(SnapshotInfo.JAVA_COMMAND);
        if (command != null) r.addAttributes(keyValue("process.command", AnyValue.newBuilder().setStringValue(command)));
        String jvm = info.get(SnapshotInfo.JVM_NAME);
        if (jvm != null) r.addAttributes(keyValue("process.runtime.name", AnyValue.newBuilder().setStringValue(jvm)));
        String version = info.get(SnapshotInfo.JVM_VERSION);
        if (version != null) r.addAttributes(keyValue("process.runtime.version", AnyValue.newBuilder().setStringValue(version)));
        return r.build();
    }

    private static KeyValue keyValue(String key, AnyValue.Builder value) {
        return KeyValue.newBuilder().setKey(key).setValue(value).build();
    }

    /**
     * The tables the profiles share. Each table's entry 0 is the zero value, as the schema requires; a method gets its
     * function and location when a stack first holds it.
     */
    private static final class Dictionary {
        private final ProfilesDictionary.Builder tables = ProfilesDictionary.newBuilder();
        private final Map<String, Integer> strings = new HashMap<>();
        private final MethodTable methods;
        private final int[] locations; // per method id: its location's index, 0 before it has one

        Dictionary(MethodTable methods) {
            this.methods = methods;
            this.locations = new int[methods.size()];
            string("");
            tables.addMappingTable(Mapping.getDefaultInstance()).addLocationTable(Location.getDefaultInstance())
                    .addFunctionTable(Function.getDefaultInstance())
                    .addLinkTable(Link.newBuilder().setTraceId(ByteString.copyFrom(new byte[16]))
                            .setSpanId(ByteString.copyFrom(new byte[8])))
                    .addAttributeTable(KeyValueAndUnit.getDefaultInstance()).addStackTable(Stack.getDefaultInstance());
        }

        int string(String s) {
            Integer i = strings.get(s);
            if (i == null) {
                i = tables.getStringTableCount();
                strings.put(s, i);
                tables.addStringTable(s);
            }
            return i;
        }

        ValueType valueType(String type, String unit) {
            return ValueType.newBuilder().setTypeStrindex(string(type)).setUnitStrindex(string(unit)).build();
        }

        int attribute(String key, AnyValue value) {
            tables.addAttributeTable(KeyValueAndUnit.newBuilder().setKeyStrindex(string(key)).setValue(value));
            return tables.getAttributeTableCount() - 1;
        }

        int location(int method) {
            if (locations[method] == 0) {
                MethodInfo m = methods.get(method);
                Function.Builder f = Function.newBuilder().setNameStrindex(string(m.qualifiedName()));
                if (m.descriptor() != null && !m.descriptor().isEmpty()) {
                    f.setSystemNameStrindex(string(m.qualifiedName() + m.descriptor()));
                }
                tables.addFunctionTable(f);
                int function = tables.getFunctionTableCount() - 1;
                tables.addLocationTable(Location.newBuilder().addLines(Line.newBuilder().setFunctionIndex(function)));
                locations[method] = tables.getLocationTableCount() - 1;
            }
            return locations[method];
        }

        /** A new stack of the path's locations ({@code path[0]} the outermost), leaf first. */
        int stack(int[] path, int depth) {
            Stack.Builder s = Stack.newBuilder();
            for (int i = depth - 1; i >= 0; i--) s.addLocationIndices(path[i]);
            tables.addStackTable(s);
            return tables.getStackTableCount() - 1;
        }

        ProfilesDictionary build() { return tables.build(); }
    }
}
