package org.candor.agent.instrument;

import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Sends calls to {@code Lookup.defineHiddenClass(WithClassData)} through {@code org.candor.probe.HiddenClasses},
 * which instruments the hidden class's bytes first: the JVM never shows hidden classes to a transformer.
 */
final class HiddenClassRedirect extends MethodVisitor {

    private static final String LOOKUP = "java/lang/invoke/MethodHandles$Lookup";
    private static final String OPTIONS = "[Ljava/lang/invoke/MethodHandles$Lookup$ClassOption;";
    private static final String DEFINE = "([BZ" + OPTIONS + ")L" + LOOKUP + ";";
    private static final String DEFINE_WITH_DATA = "([BLjava/lang/Object;Z" + OPTIONS + ")L" + LOOKUP + ";";
    private static final String HIDDEN_CLASSES = "org/candor/probe/HiddenClasses";

    HiddenClassRedirect(int api, MethodVisitor next) {
        super(api, next);
    }

    @Override
    public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
        if (opcode == Opcodes.INVOKEVIRTUAL && owner.equals(LOOKUP)) {
            if (name.equals("defineHiddenClass") && descriptor.equals(DEFINE)) {
                redirect("define", "(Ljava/lang/Object;[BZ[Ljava/lang/Object;)Ljava/lang/Object;");
                return;
            }
            if (name.equals("defineHiddenClassWithClassData") && descriptor.equals(DEFINE_WITH_DATA)) {
                redirect("defineWithClassData",
                        "(Ljava/lang/Object;[BLjava/lang/Object;Z[Ljava/lang/Object;)Ljava/lang/Object;");
                return;
            }
        }
        super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
    }

    private void redirect(String method, String descriptor) {
        super.visitMethodInsn(Opcodes.INVOKESTATIC, HIDDEN_CLASSES, method, descriptor, false);
        super.visitTypeInsn(Opcodes.CHECKCAST, LOOKUP);
    }
}
