package org.candor.ui.live.analyze;

import java.util.concurrent.CompletableFuture;
import org.candor.client.ClientException;
import org.candor.client.system.NativeFacts;
import org.candor.ui.live.InstalledAgent;

/**
 * What libcandor.so says about this machine, asked in the app's own process (through JNA) once per run of the app
 * and kept: each metric tried for real and its cost measured. The metric chooser and the readiness rows both read
 * this one answer; it does not change while the app runs.
 */
final class MachineMetrics {

    private static CompletableFuture<NativeFacts> answer;

    private MachineMetrics() {}

    /** The library's answer, or why it could not be asked ({@link NativeFacts#problem()}). */
    static synchronized CompletableFuture<NativeFacts> get() {
        if (answer == null) {
            answer = CompletableFuture.supplyAsync(() -> {
                try {
                    return NativeFacts.askMeasured(InstalledAgent.locate().nativeLibrary());
                } catch (ClientException e) {
                    return NativeFacts.missing(null, e.getMessage());
                }
            });
        }
        return answer;
    }
}
