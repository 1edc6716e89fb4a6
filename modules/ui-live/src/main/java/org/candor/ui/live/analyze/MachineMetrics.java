package org.candor.ui.live.analyze;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.candor.client.system.LibCandor;
import org.candor.client.system.MetricStatus;
import org.candor.ui.live.InstalledAgent;

/**
 * Which metrics this machine can read, asked of libcandor.so in the app's own process (through JNA) once per run of
 * the app (each counter is tried for real and its cost measured) and kept: the answer does not change while the app
 * runs.
 */
final class MachineMetrics {

    private static CompletableFuture<Map<String, MetricStatus>> answer;

    private MachineMetrics() {}

    /** The metrics by name, in the library's order; completes exceptionally when the library cannot be asked. */
    static synchronized CompletableFuture<Map<String, MetricStatus>> get() {
        if (answer == null) {
            answer = CompletableFuture.supplyAsync(() -> {
                try {
                    Map<String, MetricStatus> out = new LinkedHashMap<>();
                    for (MetricStatus m : LibCandor.of(InstalledAgent.locate()).measuredMetrics()) out.put(m.name(), m);
                    return out;
                } catch (Exception e) {
                    throw new java.util.concurrent.CompletionException(e.getMessage(), e);
                }
            });
        }
        return answer;
    }
}
