package org.candor.client.system;

import java.nio.file.Path;
import org.candor.client.ClientException;

/**
 * Before attaching or launching, what will and will not work, in plain words: this machine's readiness and a
 * target's. What {@code candor check} prints and the app shows. Reads the OS and asks libcandor.so on the calling
 * thread (a few milliseconds; keep it off the event thread).
 */
public final class SystemCheck {

    private SystemCheck() {}

    /** This machine, for Candor and the programs it launches; libcandor.so at {@code nativeLibrary} (null: not found). */
    public static Readiness machine(Path nativeLibrary) throws ClientException {
        return MachineChecks.of(MachineFacts.read(nativeLibrary));
    }

    /** This machine, with what libcandor.so already said (the app asks it once, for this and its metric chooser). */
    public static Readiness machine(NativeFacts library) throws ClientException {
        return MachineChecks.of(MachineFacts.read(library));
    }

    /**
     * A running JVM of this user.
     * @throws ClientException in one line, when Candor cannot attach to it at all: no such process, another user's,
     *         ended, not a JVM
     */
    public static Readiness target(long pid) throws ClientException {
        TargetFacts facts = TargetFacts.read(pid);
        String refusal = TargetChecks.refusal(facts).orElse(null);
        if (refusal != null) throw new ClientException(refusal);
        return TargetChecks.of(facts, Libc.effectiveUid(), KernelSetting.read(KernelSetting.PERF_EVENT_PARANOID));
    }
}
