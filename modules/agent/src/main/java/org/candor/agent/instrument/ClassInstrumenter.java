package org.candor.agent.instrument;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodTooLargeException;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Rewrites one class file with probes in the methods its scheme chose ({@link MethodChoice}). Abstract and native methods have no code
 * to instrument (a native method's time stays in its caller); bridge methods only forward to the real method and
 * are left alone so they do not show as an extra frame. A method that would outgrow the 64 KiB code limit stays
 * uninstrumented and is counted.
 */
public final class ClassInstrumenter {

    static final int ASM_API = Opcodes.ASM9;
    private static final int MAX_ATTEMPTS = 16;

    private final MethodRegistry registry;
    private final InstrumentationStats stats;

    public ClassInstrumenter(MethodRegistry registry, InstrumentationStats stats) {
        this.registry = registry;
        this.stats = stats;
    }

    /** The instrumented class file, or null when no method of it is instrumented. */
    public byte[] instrument(byte[] classFile, MethodChoice choice) {
        ClassReader reader = new ClassReader(classFile);
        Set<String> tooLarge = new HashSet<>();
        Set<String> monitors = MonitorMethods.in(reader);
        for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
            ClassWriter writer = new ClassWriter(reader, ClassWriter.COMPUTE_MAXS);
            ProbeClassVisitor visitor = new ProbeClassVisitor(writer, choice, tooLarge, monitors);
            reader.accept(visitor, ClassReader.EXPAND_FRAMES);
            if (visitor.chosen.isEmpty()) return null;
            try {
                byte[] out = writer.toByteArray();
                for (Chosen c : visitor.chosen) choice.instrumented(c.id, c.name, c.descriptor, c.kind);
                stats.methodsInstrumented(reader.getClassName(), visitor.chosen.size());
                return out;
            } catch (MethodTooLargeException e) {
                tooLarge.add(e.getMethodName() + e.getDescriptor());
                stats.methodsTooLarge.incrementAndGet();
            }
        }
        return null;
    }

    private static final class Chosen {
        final int id;
        final String name;
        final String descriptor;
        final ProbeKind kind;

        Chosen(int id, String name, String descriptor, ProbeKind kind) {
            this.id = id;
            this.name = name;
            this.descriptor = descriptor;
            this.kind = kind;
        }
    }

    private final class ProbeClassVisitor extends ClassVisitor {
        private final MethodChoice choice;
        private final Set<String> tooLarge;
        private final Set<String> monitors;
        private String className;
        private boolean writeFrames;
        private boolean skipClass;
        final List<Chosen> chosen = new ArrayList<>();

        ProbeClassVisitor(ClassVisitor next, MethodChoice choice, Set<String> tooLarge, Set<String> monitors) {
            super(ASM_API, next);
            this.choice = choice;
            this.tooLarge = tooLarge;
            this.monitors = monitors;
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
            ProbeKind kind = choice.kindOf(name, descriptor);
            if (kind == null) return next;
            int id = registry.register(className, name, descriptor);
            chosen.add(new Chosen(id, name, descriptor, kind));
            return new TrivialMethodCheck(ASM_API, new ProbeInserter(ASM_API, new HiddenClassRedirect(ASM_API, next), access,
                    name, descriptor, id, kind, writeFrames, monitors.contains(name + descriptor)), registry, id, access);
        }
    }
}
