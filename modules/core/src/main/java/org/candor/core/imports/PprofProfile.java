package org.candor.core.imports;

import com.google.perftools.profiles.ProfileProto.Function;
import com.google.perftools.profiles.ProfileProto.Label;
import com.google.perftools.profiles.ProfileProto.Line;
import com.google.perftools.profiles.ProfileProto.Location;
import com.google.perftools.profiles.ProfileProto.Profile;
import com.google.perftools.profiles.ProfileProto.Sample;
import com.google.perftools.profiles.ProfileProto.ValueType;
import com.google.protobuf.InvalidProtocolBufferException;
import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;
import org.candor.core.analysis.SamplingQuality;
import org.candor.core.model.SnapshotInfo;
import org.candor.core.model.Snapshot;

/**
 * A pprof profile (gzipped protobuf of pprof's profile.proto, docs/formats/pprof.md) as a sampled snapshot. The value
 * imported is the {@code samples} type where there is one (Go's CPU profiles, Candor's sampled exports), else the
 * default sample type, else the last; a sample's value is its stack's sample count, and the times are counts x the
 * profile's period when that is in nanoseconds. A value in nanoseconds itself (a Candor export of an instrumented run:
 * its wall time) counts nanoseconds, at 1 ns a "sample". A sample's {@code thread} label (and {@code thread_id}) gives
 * its thread, as Candor's export writes them; samples without one go to one thread of all. Frames are the locations'
 * lines, inlined ones included (a location's last line is the caller); a function's name is split at its last dot as
 * in collapsed stacks, and a system name that is the name and a descriptor ({@code a.B.m(I)V}, Candor's export) gives
 * the descriptor.
 */
final class PprofProfile {

    static final byte[] GZIP_MAGIC = {0x1f, (byte) 0x8b};

    private PprofProfile() {}

    static Snapshot read(Path file) throws IOException {
        String name = file.toString();
        Profile profile = parse(file, name);
        List<String> strings = profile.getStringTableList();
        int value = valueIndex(profile, strings, name);
        ValueType type = profile.getSampleType(value);
        boolean nanos = "nanoseconds".equals(string(strings, type.getUnit(), name));
        long interval = nanos ? 1 : period(profile, strings, name);

        Map<Long, int[]> frames = new HashMap<>(); // per location id: its methods, outermost first
        Map<Long, Function> functions = new HashMap<>();
        for (Function f : profile.getFunctionList()) functions.put(f.getId(), f);
        SampledStacks stacks = new SampledStacks();
        for (Location l : profile.getLocationList()) frames.put(l.getId(), methods(l, functions, strings, stacks, name));

        int[] stack = new int[64];
        for (Sample s : profile.getSampleList()) {
            if (s.getValueCount() != profile.getSampleTypeCount()) {
                throw new ProfileImportException(name, "a sample with " + s.getValueCount() + " values for "
                        + profile.getSampleTypeCount() + " sample types");
            }
            long count = s.getValue(value);
            if (count <= 0) continue; // a difference of profiles may subtract: nothing a sampled tree can hold
            int length = 0;
            for (int i = s.getLocationIdCount() - 1; i >= 0; i--) {
                int[] methods = frames.get(s.getLocationId(i));
                if (methods == null) throw new ProfileImportException(name, "a sample names location " + s.getLocationId(i) + ", which the profile lacks");
                if (length + methods.length > stack.length) stack = Arrays.copyOf(stack, (length + methods.length) * 2);
                System.arraycopy(methods, 0, stack, length, methods.length);
                length += methods.length;
            }
            if (length == 0) continue; // a stack of no frames names no method
            if (stacks.samples() > Long.MAX_VALUE - count) throw new ProfileImportException(name, "the values add up beyond 2^63");
            long tid = 0;
            String thread = CollapsedStacks.ALL_THREADS;
            for (Label label : s.getLabelList()) {
                String key = string(strings, label.getKey(), name);
                if (key.equals("thread")) thread = string(strings, label.getStr(), name);
                else if (key.equals("thread_id")) tid = label.getNum();
            }
            stacks.add(tid, thread, stack, length, count);
        }
        if (stacks.samples() == 0) {
            throw new ProfileImportException(name, "no samples of " + string(strings, type.getType(), name) + " to import");
        }
        SnapshotInfo info = new SnapshotInfo()
                .put(SnapshotInfo.MODE, "sampling")
                .put(SnapshotInfo.INTERVAL_NS, Long.toString(interval))
                .put(ProfileFiles.IMPORT_FORMAT, ProfileFormat.PPROF.id())
                .put(ProfileFiles.IMPORT_FILE, name)
                .put(ProfileFiles.IMPORT_EVENTS, string(strings, type.getType(), name) + "/" + string(strings, type.getUnit(), name));
        return stacks.snapshot(info, interval).putStat(SamplingQuality.IMPORTED_SAMPLES, stacks.samples());
    }

    /** The file's profile: gzipped, as the format has it, and a protobuf Profile; one line when it is not. */
    private static Profile parse(Path file, String name) throws IOException {
        try (InputStream raw = new BufferedInputStream(Files.newInputStream(file))) {
            raw.mark(2);
            byte[] magic = raw.readNBytes(2);
            raw.reset();
            if (!Arrays.equals(magic, GZIP_MAGIC)) {
                throw new ProfileImportException(name, "not gzip-compressed: a pprof profile is gzipped protobuf");
            }
            try (InputStream in = new GZIPInputStream(raw, 1 << 16)) {
                return Profile.parseFrom(in);
            }
        } catch (InvalidProtocolBufferException e) {
            IOException reading = e.unwrapIOException(); // the gzip stream's failure, which the parser wraps
            if (reading != e) throw damaged(name, reading);
            throw new ProfileImportException(name, "gzipped, but not a pprof profile (protobuf Profile): " + e.getMessage());
        } catch (ZipException | EOFException e) {
            throw damaged(name, e);
        }
    }

    private static ProfileImportException damaged(String name, IOException e) {
        return new ProfileImportException(name, "a damaged or truncated gzip stream: " + e.getMessage());
    }

    /** The sample type imported: samples, else the default, else the last (pprof shows that one). */
    private static int valueIndex(Profile p, List<String> strings, String name) throws ProfileImportException {
        if (p.getSampleTypeCount() == 0) throw new ProfileImportException(name, "a pprof profile with no sample types");
        for (int i = 0; i < p.getSampleTypeCount(); i++) {
            if (string(strings, p.getSampleType(i).getType(), name).equals("samples")) return i;
        }
        if (p.getDefaultSampleType() != 0) {
            String wanted = string(strings, p.getDefaultSampleType(), name);
            for (int i = 0; i < p.getSampleTypeCount(); i++) {
                if (string(strings, p.getSampleType(i).getType(), name).equals(wanted)) return i;
            }
        }
        return p.getSampleTypeCount() - 1;
    }

    /** The profile's period in nanoseconds: the time of one sample; 10 ms, as for collapsed stacks, without one. */
    private static long period(Profile p, List<String> strings, String name) throws ProfileImportException {
        if (p.hasPeriodType() && p.getPeriod() > 0 && "nanoseconds".equals(string(strings, p.getPeriodType().getUnit(), name))) {
            return p.getPeriod();
        }
        return CollapsedStacks.ASSUMED_INTERVAL_NS;
    }

    /** A location's methods, outermost first: its lines reversed (the last line is the caller of those before). */
    private static int[] methods(Location l, Map<Long, Function> functions, List<String> strings, SampledStacks stacks,
            String name) throws ProfileImportException {
        if (l.getLineCount() == 0) {
            // an address only, never symbolized: a frame of its own, named by the address
            return new int[] {CollapsedStacks.method(stacks, "0x" + Long.toHexString(l.getAddress()), "")};
        }
        int[] methods = new int[l.getLineCount()];
        for (int i = 0; i < methods.length; i++) {
            Line line = l.getLine(methods.length - 1 - i);
            Function f = functions.get(line.getFunctionId());
            if (f == null) throw new ProfileImportException(name, "location " + l.getId() + " names function " + line.getFunctionId() + ", which the profile lacks");
            String fn = string(strings, f.getName(), name);
            if (fn.isEmpty()) fn = string(strings, f.getSystemName(), name);
            String system = string(strings, f.getSystemName(), name);
            String descriptor = system.startsWith(fn + "(") ? system.substring(fn.length()) : "";
            methods[i] = CollapsedStacks.method(stacks, fn.isEmpty() ? "[unknown]" : fn, descriptor);
        }
        return methods;
    }

    private static String string(List<String> strings, long index, String name) throws ProfileImportException {
        if (index < 0 || index >= strings.size()) {
            throw new ProfileImportException(name, "string " + index + " is beyond the profile's table of " + strings.size());
        }
        return strings.get((int) index);
    }
}
