package org.candor.agent.instrument;

import java.util.HashSet;
import java.util.Set;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/** The methods of a class with a synchronized block (a MONITORENTER), by name + descriptor: see ProbeInserter. */
final class MonitorMethods {

    private MonitorMethods() {}

    static Set<String> in(ClassReader reader) {
        Set<String> found = new HashSet<>();
        reader.accept(new ClassVisitor(ClassInstrumenter.ASM_API) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                                             String[] exceptions) {
                return new MethodVisitor(ClassInstrumenter.ASM_API) {
                    @Override
                    public void visitInsn(int opcode) {
                        if (opcode == Opcodes.MONITORENTER) found.add(name + descriptor);
                    }
                };
            }
        }, ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        return found;
    }
}
