package org.candor.agent.instrument;

import java.lang.instrument.Instrumentation;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.candor.probe.Probe;

/**
 * Code in a named module (javac's jdk.compiler, an application module) may only call classes of modules it reads.
 * The probes live in the boot loader's unnamed module, so each named module whose classes get probes is made to
 * read it before those classes run.
 */
final class ModuleReads {

    private final Instrumentation inst;
    private final Module probeModule = Probe.class.getModule();
    private final Set<Module> done = ConcurrentHashMap.newKeySet();

    ModuleReads(Instrumentation inst) {
        this.inst = inst;
    }

    void ensure(Module module) {
        if (module == null || !module.isNamed() || done.contains(module) || module.canRead(probeModule)) return;
        inst.redefineModule(module, Set.of(probeModule), Map.of(), Map.of(), Set.of(), Map.of());
        done.add(module);
    }
}
