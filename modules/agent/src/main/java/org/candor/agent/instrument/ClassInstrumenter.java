package org.candor.agent.instrument;

import java.util.HashSet;
import java.util.Set;
import org.candor.agent.filter.ClassFilter;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodTooLargeException;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Rewrites one class file with probes in every method the filter admits. Abstract and native methods have no code
 * to instrument (a native method's time stays in its caller); bridge methods only forward to the real method and
 * are left alone so they do not show as an extra frame. A method that would outgrow the 64 KiB code limit stays
 * uninstrumented and is counted.
 */
public final class ClassInstrumenter {

    static final int ASM_API = Opcodes.ASM9;
    private static final int MAX_ATTEMPTS = 16;

    private final ClassFilter filter;
    private final MethodRegistry registry;
    private final InstrumentationStats stats;

    public ClassInstrumenter(ClassFilter filter, MethodRegistry registry, InstrumentationStats stats) {
        this.filter = filter;
        this.registry = registry;
        this.stats = stats;
    }

    /** The instrumented class file, or null when no method of it is instrumented. */
    public byte[] instrument(byte[] classFile, ClassFilter.Decision decision) {
        ClassReader reader = new ClassReader(classFile);
        Set<String> tooLarge = new HashSet<>();
        for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
            ClassWriter writer = new ClassWriter(reader, ClassWriter.COMPUTE_MAXS);
            ProbeClassVisitor visitor = new ProbeClassVisitor(writer, decision, tooLarge);
            reader.accept(visitor, ClassReader.EXPAND_FRAMES);
            if (visitor.instrumentedMethods == 0) return null;
            try {
                return writer.toByteArray();
            } catch (MethodTooLargeException e) {
                tooLarge.add(e.getMethodName() + e.getDescriptor());
                stats.methodsTooLarge.incrementAndGet();
            }
        }
        return null;
    }

    private final class ProbeClassVisitor extends ClassVisitor {
        private final ClassFilter.Decision decision;
        private final Set<String> tooLarge;
        private String className;
        private boolean writeFrames;
        private boolean skipClass;
        int instrumentedMethods;

        ProbeClassVisitor(ClassVisitor next, ClassFilter.Decision decision, Set<String> tooLarge) {
            super(ASM_API, next);
            this.decision = decision;
            this.tooLarge = tooLarge;
        }

        @Override
        public void visit(int version, int access, String name, String signature, String superName,
                          String[] interfaces) {
            className = name.replace('/', '.');
            writeFrames = (version & 0xFFFF) >= Opcodes.V1_6;
            skipClass = (access & Opcodes.ACC_MODULE) != 0;
            super.visit(version, access, name, signature, superName, interfaces);
        }

        @Override
        public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                                         String[] exceptions) {
            MethodVisitor next = super.visitMethod(access, name, descriptor, signature, exceptions);
            if (skipClass || (access & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE | Opcodes.ACC_BRIDGE)) != 0
                    || tooLarge.contains(name + descriptor)) {
                return next;
            }
            if (decision == ClassFilter.Decision.SOME_METHODS && !filter.includesMethod(className, name, descriptor)) {
                return next;
            }
            int id = registry.register(className, name, descriptor);
            instrumentedMethods++;
            return new ProbeInserter(ASM_API, new HiddenClassRedirect(ASM_API, next), access, name, descriptor, id, ProbeKind.TOTAL, writeFrames);
        }
    }
}
