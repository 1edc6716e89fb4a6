package org.candor.client.system;

import com.sun.jna.Library;
import com.sun.jna.Native;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.candor.client.AgentFiles;
import org.candor.client.ClientException;

/**
 * libcandor.so asked in-process, through JNA, what this machine and user can measure: its C API
 * ({@code agent-native/src/counters/counters_api.h}) tries every metric for real on the calling thread, measures what
 * a read costs and says which clock wall time uses. Nothing the library does here touches a running agent's state, so
 * it is safe in any process, the app's included.
 */
public final class LibCandor {

    /** The C API version this client speaks (CANDOR_API_VERSION). */
    static final int API_VERSION = 1;
    /** Reads per round when a cost is measured (three rounds, the best counts). */
    public static final int COST_READS = 100_000;
    private static final int TEXT_SIZE = 1024;
    /** dlopen(3) flags: RTLD_LAZY without RTLD_GLOBAL, so the library's exports stay out of the process's namespace. */
    private static final int RTLD_LAZY_LOCAL = 1;

    /** The C API, bound by JNA. */
    interface Api extends Library {
        int candor_api_version();

        int candor_metric_count();

        String candor_metric_name(int index);

        String candor_metric_unit(int index);

        String candor_metric_kind(int index);

        String candor_metric_description(int index);

        int candor_metric_check(int index, byte[] text, int size);

        double candor_metric_read_cost(int index, int reads);

        int candor_cpu_pmu();

        int candor_wall_clock(byte[] text, int size);
    }

    private final Path path;
    private final Api api;

    private LibCandor(Path path, Api api) {
        this.path = path;
        this.api = api;
    }

    /** Loads the library at {@code path} and checks that it speaks this client's C API. */
    public static LibCandor load(Path path) throws ClientException {
        if (!Files.isRegularFile(path)) throw new ClientException("there is no " + path.getFileName() + " at " + path);
        Api api;
        int version;
        try {
            api = Native.load(path.toString(), Api.class, Map.of(Library.OPTION_OPEN_FLAGS, RTLD_LAZY_LOCAL));
            version = api.candor_api_version();
        } catch (UnsatisfiedLinkError e) {
            String why = e.getMessage() != null && e.getMessage().contains("candor_api_version")
                    ? "it has no C API (built before it; rebuild agent-native)" : dlopenError(e.getMessage());
            throw new ClientException("cannot load " + path + ": " + why, e);
        } catch (LinkageError e) {
            throw new ClientException("cannot load " + path + " through JNA: " + e, e);
        }
        if (version != API_VERSION) {
            throw new ClientException(path + " speaks C API version " + version + ", this Candor knows version " + API_VERSION
                    + " (the agent directory and the tools come from different builds)");
        }
        return new LibCandor(path, api);
    }

    /** The library of an agent directory; one line when it has none (built without g++) or it cannot be loaded. */
    public static LibCandor of(AgentFiles agent) throws ClientException {
        if (agent.nativeLibrary() == null) {
            throw new ClientException("reading counters needs " + AgentFiles.NATIVE_LIBRARY + ", which is not in " + agent.dir()
                    + " (build agent-native with g++)");
        }
        return load(agent.nativeLibrary());
    }

    public Path path() { return path; }

    /** Every metric of the catalogue, tried on the calling thread, not measured. */
    public List<MetricStatus> metrics() {
        List<MetricStatus> metrics = new ArrayList<>();
        for (int i = 0, n = api.candor_metric_count(); i < n; i++) metrics.add(status(i, false));
        return metrics;
    }

    /**
     * Every metric, each one this machine can read with the cost of one read on the calling thread: the best of three
     * rounds of {@value #COST_READS} reads, in libcandor.so (a probe adds its JNI call, about 10 to 20 ns).
     */
    public List<MetricStatus> measuredMetrics() {
        List<MetricStatus> metrics = new ArrayList<>();
        for (int i = 0, n = api.candor_metric_count(); i < n; i++) metrics.add(status(i, true));
        return metrics;
    }

    /** One metric, tried, not measured; null when the library does not know the name. */
    public MetricStatus metric(String name) {
        for (int i = 0, n = api.candor_metric_count(); i < n; i++) {
            if (name.equals(api.candor_metric_name(i))) return status(i, false);
        }
        return null;
    }

    public boolean cpuPmu() {
        return api.candor_cpu_pmu() == 1;
    }

    public WallClock wallClock() {
        byte[] text = new byte[TEXT_SIZE];
        int source = api.candor_wall_clock(text, text.length);
        return new WallClock(source == 1, string(text));
    }

    private MetricStatus status(int index, boolean measure) {
        byte[] text = new byte[TEXT_SIZE];
        boolean available = api.candor_metric_check(index, text, text.length) == 1;
        Double cost = null;
        if (available && measure) {
            double ns = api.candor_metric_read_cost(index, COST_READS);
            if (ns >= 0) cost = ns;
        }
        String how = string(text);
        return new MetricStatus(api.candor_metric_name(index), api.candor_metric_unit(index), api.candor_metric_kind(index),
                available, cost, available ? how : "", available ? "" : how, api.candor_metric_description(index));
    }

    /**
     * dlopen's own words from JNA's message ("Unable to load library 'X':", then dlerror(3) once per way JNA tried,
     * then where else it looked): the first dlerror line, without the path it repeats.
     */
    static String dlopenError(String message) {
        if (message == null) return "dlopen failed";
        String[] lines = message.split("\n");
        String line = lines.length > 1 && lines[0].startsWith("Unable to load library") ? lines[1] : lines[0];
        int colon = line.startsWith("/") ? line.indexOf(": ") : -1;
        return colon > 0 ? line.substring(colon + 2) : line;
    }

    private static String string(byte[] text) {
        int end = 0;
        while (end < text.length && text[end] != 0) end++;
        return new String(text, 0, end, StandardCharsets.UTF_8);
    }
}
