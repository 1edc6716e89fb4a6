package org.candor.agent.scheme;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.Handle;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Scans a class file for what each of its methods may call: invoke instructions (constructors included) and the
 * target methods of lambdas and method references (the implementation handle given to LambdaMetafactory).
 */
final class CallSites {

    private static final String LAMBDA_FACTORY = "java/lang/invoke/LambdaMetafactory";

    private CallSites() {}

    /**
     * Per method with code (name + descriptor): its call sites, in order of first appearance. The bridge methods
     * among them are added to {@code bridges}.
     */
    static Map<String, Set<CallSite>> scan(ClassReader reader, Set<String> bridges) {
        Map<String, Set<CallSite>> out = new LinkedHashMap<>();
        reader.accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                                             String[] exceptions) {
                if ((access & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE)) != 0) return null;
                if ((access & Opcodes.ACC_BRIDGE) != 0) bridges.add(name + descriptor);
                Set<CallSite> sites = new LinkedHashSet<>();
                out.put(name + descriptor, sites);
                return new MethodVisitor(Opcodes.ASM9) {
                    @Override
                    public void visitMethodInsn(int opcode, String owner, String mName, String mDesc, boolean itf) {
                        if (owner.startsWith("[")) return; // clone() of an array
                        boolean virtual = opcode == Opcodes.INVOKEVIRTUAL || opcode == Opcodes.INVOKEINTERFACE;
                        sites.add(new CallSite(owner.replace('/', '.'), mName + mDesc, virtual));
                    }

                    @Override
                    public void visitInvokeDynamicInsn(String iName, String iDesc, Handle bsm, Object... args) {
                        if (!bsm.getOwner().equals(LAMBDA_FACTORY) || args.length < 2) return;
                        if (!(args[1] instanceof Handle)) return;
                        Handle target = (Handle) args[1];
                        boolean virtual = target.getTag() == Opcodes.H_INVOKEVIRTUAL
                                || target.getTag() == Opcodes.H_INVOKEINTERFACE;
                        sites.add(new CallSite(target.getOwner().replace('/', '.'), target.getName() + target.getDesc(),
                                virtual));
                    }
                };
            }
        }, ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        return out;
    }
}
