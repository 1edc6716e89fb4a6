package org.candor.agent.instrument;

import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.security.ProtectionDomain;
import org.candor.agent.filter.ClassFilter;
import org.candor.probe.HiddenClasses;

/**
 * The class-file hook: every class that loads (or is retransformed) and passes the filter gets the probes its
 * scheme chooses. Any
 * failure leaves that class exactly as it was and is counted; the target never sees an exception from here.
 */
public final class CandorTransformer implements ClassFileTransformer, HiddenClasses.Instrumenter {

    private final ClassFilter filter;
    private final ClassChooser chooser;
    private final ClassInstrumenter instrumenter;
    private final InstrumentationStats stats;
    private final ModuleReads moduleReads;

    public CandorTransformer(Instrumentation inst, ClassFilter filter, ClassChooser chooser, MethodRegistry registry,
                             InstrumentationStats stats) {
        this.filter = filter;
        this.chooser = chooser;
        this.stats = stats;
        this.instrumenter = new ClassInstrumenter(registry, stats);
        this.moduleReads = new ModuleReads(inst);
    }

    /** For a hidden class, whose bytes come through {@code HiddenClasses} instead of this transformer. */
    @Override
    public byte[] instrument(byte[] classFile) {
        String internalName = new org.objectweb.asm.ClassReader(classFile).getClassName();
        return transform(null, null, internalName, null, null, classFile);
    }

    @Override
    public byte[] transform(Module module, ClassLoader loader, String internalName, Class<?> classBeingRedefined,
                            ProtectionDomain protectionDomain, byte[] classFile) {
        if (internalName == null) return null;
        String className = internalName.replace('/', '.');
        long start = System.nanoTime();
        try {
            ClassFilter.Decision decision = filter.decide(className);
            if (decision == ClassFilter.Decision.SKIP) return null;
            MethodChoice choice = chooser.choose(className, loader, classBeingRedefined, classFile, decision);
            if (choice == null) return null;
            byte[] out = instrumenter.instrument(classFile, choice);
            if (out == null) return null;
            moduleReads.ensure(module);
            stats.classesInstrumented.incrementAndGet();
            if (classBeingRedefined != null) stats.classesRetransformed.incrementAndGet();
            return out;
        } catch (Throwable t) {
            stats.failed(className, t);
            return null;
        } finally {
            stats.transformNanos.addAndGet(System.nanoTime() - start);
        }
    }
}
