package org.candor.client.system;

import java.nio.file.Path;
import java.util.List;
import org.candor.client.ClientException;

/**
 * What libcandor.so said about this machine, or why it could not be asked.
 *
 * @param path the library's path, null when none was found
 * @param problem why the library could not be asked, null when it answered
 */
public record NativeFacts(Path path, String problem, List<MetricStatus> metrics, WallClock wallClock, boolean cpuPmu) {

    public NativeFacts {
        metrics = List.copyOf(metrics);
    }

    /** Asks the library at {@code path} (null: there is none) on the calling thread: each metric tried. */
    public static NativeFacts ask(Path path) {
        return ask(path, false);
    }

    /**
     * As {@link #ask(Path)}, each metric also timed (its cost a read: a few milliseconds more), for a chooser of
     * metrics that shows what each costs as well as what the checks say.
     */
    public static NativeFacts askMeasured(Path path) {
        return ask(path, true);
    }

    private static NativeFacts ask(Path path, boolean measured) {
        if (path == null) {
            return missing(null, "libcandor.so was not found (no Candor agent directory; set CANDOR_AGENT_DIR to one)");
        }
        try {
            LibCandor lib = LibCandor.load(path);
            return new NativeFacts(path, null, measured ? lib.measuredMetrics() : lib.metrics(), lib.wallClock(),
                    lib.cpuPmu());
        } catch (ClientException e) {
            return missing(path, e.getMessage());
        }
    }

    /** The library could not be asked: {@code problem} says why. */
    public static NativeFacts missing(Path path, String problem) {
        return new NativeFacts(path, problem, List.of(), null, false);
    }

    public boolean answered() { return problem == null; }

    /** The named metric's status, or null (also when the library did not answer). */
    public MetricStatus metric(String name) {
        return metrics.stream().filter(m -> m.name().equals(name)).findFirst().orElse(null);
    }

    /** The metrics of one kind (clock, software, hardware), in the catalogue's order. */
    public List<MetricStatus> ofKind(String kind) {
        return metrics.stream().filter(m -> m.kind().equals(kind)).toList();
    }
}
