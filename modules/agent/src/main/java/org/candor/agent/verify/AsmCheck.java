package org.candor.agent.verify;

import java.util.ArrayList;
import java.util.List;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.SimpleVerifier;

/**
 * ASM's data-flow verifier over every method of a class, types resolved by a {@link ClassWorld} of the original
 * classes of the jar set over the JDK. It computes each instruction's frame itself (it does not read the
 * StackMapTable), so it finds type errors in any method, {@code java.*} classes included, and names each bad
 * method, where {@link HotSpotCheck} stops at the first.
 */
final class AsmCheck {

    private AsmCheck() {}

    /** The methods with code in this class file. */
    static int methodsWithCode(ClassNode node) {
        int n = 0;
        for (MethodNode m : node.methods) if (m.instructions.size() > 0) n++;
        return n;
    }

    static ClassNode parse(byte[] classFile) {
        ClassNode node = new ClassNode();
        new ClassReader(classFile).accept(node, ClassReader.SKIP_FRAMES);
        return node;
    }

    /** Each method the verifier refuses, or all methods when {@code only} is null; else just that one. */
    static List<Finding> verify(ClassNode node, ClassLoader world, String only) {
        List<Finding> out = new ArrayList<>();
        Type superType = node.superName == null ? null : Type.getObjectType(node.superName);
        List<Type> interfaces = new ArrayList<>();
        for (String i : node.interfaces) interfaces.add(Type.getObjectType(i));
        boolean isInterface = (node.access & Opcodes.ACC_INTERFACE) != 0;
        for (MethodNode m : node.methods) {
            String key = m.name + m.desc;
            if (only != null && !only.equals(key)) continue;
            if (m.instructions.size() == 0) continue;
            SimpleVerifier verifier = new SimpleVerifier(Type.getObjectType(node.name), superType, interfaces,
                    isInterface);
            verifier.setClassLoader(world);
            try {
                new Analyzer<>(verifier).analyze(node.name, m);
            } catch (Exception | LinkageError e) { // AnalyzerException; a type it cannot load
                String message = e.getMessage() == null ? e.toString() : e.getMessage();
                Throwable cause = e.getCause();
                if (cause != null && cause != e) message += " (" + cause + ")";
                out.add(new Finding(node.name, key, message, "ASM"));
            }
        }
        return out;
    }
}
