package org.candor.ui.live.analyze;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.candor.client.CounterProbe;
import org.candor.ui.live.InstalledAgent;

/**
 * Which metrics this machine can read, asked of libcandor.so once per run of the app (each counter is tried for real)
 * and kept: the answer does not change while the app runs.
 */
final class MachineMetrics {

    private static CompletableFuture<Map<String, CounterProbe.MetricStatus>> answer;

    private MachineMetrics() {}

    /** The metrics by name, in the library's order; completes exceptionally when the library cannot be asked. */
    static synchronized CompletableFuture<Map<String, CounterProbe.MetricStatus>> get() {
        if (answer == null) {
            answer = CompletableFuture.supplyAsync(() -> {
                try {
                    Map<String, CounterProbe.MetricStatus> out = new LinkedHashMap<>();
                    for (CounterProbe.MetricStatus m : new CounterProbe(InstalledAgent.locate()).list()) out.put(m.name(), m);
                    return out;
                } catch (Exception e) {
                    throw new java.util.concurrent.CompletionException(e.getMessage(), e);
                }
            });
        }
        return answer;
    }
}
