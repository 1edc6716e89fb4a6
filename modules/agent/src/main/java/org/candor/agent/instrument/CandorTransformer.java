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

    /** What decides the probes; replaced as a whole when a running session's settings change. */
    private volatile Setup setup;
    private final ClassInstrumenter instrumenter;
    private final InstrumentationStats stats;
    private final ModuleReads moduleReads;

    public CandorTransformer(Instrumentation inst, ClassFilter filter, ClassChooser chooser, MethodRegistry registry,
                             InstrumentationStats stats) {
        this.setup = new Setup(filter, chooser);
        this.stats = stats;
        this.instrumenter = new ClassInstrumenter(registry, stats);
        this.moduleReads = new ModuleReads(inst);
    }

    private static final class Setup {
        final ClassFilter filter;
        final ClassChooser chooser;

        Setup(ClassFilter filter, ClassChooser chooser) {
            this.filter = filter;
            this.chooser = chooser;
        }
    }

    /** New filters and scheme for the classes that load or are retransformed from now on. */
    public void reconfigure(ClassFilter filter, ClassChooser chooser) {
        setup = new Setup(filter, chooser);
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
        Setup s = setup;
        boolean probed = false;
        try {
            s.chooser.loaded(className);
            ClassFilter.Decision decision = s.filter.decide(className);
            if (decision == ClassFilter.Decision.SKIP) return null;
            MethodChoice choice = s.chooser.choose(className, loader, classBeingRedefined, classFile, decision);
            if (choice == null) return null;
            byte[] out = instrumenter.instrument(classFile, choice);
            if (out == null) return null;
            probed = true;
            moduleReads.ensure(module);
            stats.classesInstrumented.incrementAndGet();
            if (classBeingRedefined != null) stats.classesRetransformed.incrementAndGet();
            return out;
        } catch (Throwable t) {
            stats.failed(className, t);
            return null;
        } finally {
            if (!probed && classBeingRedefined != null) stats.methodsInstrumented(internalName, 0);
            stats.transformNanos.addAndGet(System.nanoTime() - start);
        }
    }
}
