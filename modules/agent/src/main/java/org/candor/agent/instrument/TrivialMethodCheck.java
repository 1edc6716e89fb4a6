package org.candor.agent.instrument;

import org.objectweb.asm.Handle;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Marks a method as trivial in the registry when its own code, before the probes, is next to nothing: straight-line
 * (no jumps or switches), at most {@link #MAX_INSTRUCTIONS} instructions, and no calls, allocations, throws or
 * monitors, nor synchronized (a getter, a setter, a constant). In a plain run such a method costs a nanosecond or
 * two, inlined (a synchronized one its lock, which is the program's own cost); so
 * whatever calibrated time it shows under instrumentation is the probes' effect on the code (what calibration does
 * not take out), measured in the program itself. core's {@code ProbeEffect} turns it into an estimate per method.
 * Sees the original instructions: it sits before the probe inserter in the visitor chain.
 */
final class TrivialMethodCheck extends MethodVisitor {

    static final int MAX_INSTRUCTIONS = 8;

    private final MethodRegistry registry;
    private final int id;
    private int instructions;
    private boolean disqualified;

    TrivialMethodCheck(int api, MethodVisitor next, MethodRegistry registry, int id, int access) {
        super(api, next);
        this.registry = registry;
        this.id = id;
        this.disqualified = (access & Opcodes.ACC_SYNCHRONIZED) != 0;
    }

    private void count() { instructions++; }

    private void disqualify() { disqualified = true; }

    @Override public void visitInsn(int opcode) {
        count();
        if (opcode == Opcodes.ATHROW || opcode == Opcodes.MONITORENTER || opcode == Opcodes.MONITOREXIT) disqualify();
        super.visitInsn(opcode);
    }

    @Override public void visitIntInsn(int opcode, int operand) {
        count();
        if (opcode == Opcodes.NEWARRAY) disqualify();
        super.visitIntInsn(opcode, operand);
    }

    @Override public void visitVarInsn(int opcode, int varIndex) { count(); super.visitVarInsn(opcode, varIndex); }

    @Override public void visitTypeInsn(int opcode, String type) {
        count();
        if (opcode == Opcodes.NEW || opcode == Opcodes.ANEWARRAY) disqualify();
        super.visitTypeInsn(opcode, type);
    }

    @Override public void visitFieldInsn(int opcode, String owner, String name, String descriptor) {
        count();
        super.visitFieldInsn(opcode, owner, name, descriptor);
    }

    @Override public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean itf) {
        disqualify();
        super.visitMethodInsn(opcode, owner, name, descriptor, itf);
    }

    @Override public void visitInvokeDynamicInsn(String name, String descriptor, Handle bsm, Object... bsmArgs) {
        disqualify();
        super.visitInvokeDynamicInsn(name, descriptor, bsm, bsmArgs);
    }

    @Override public void visitJumpInsn(int opcode, Label label) { disqualify(); super.visitJumpInsn(opcode, label); }

    @Override public void visitLdcInsn(Object value) { count(); super.visitLdcInsn(value); }

    @Override public void visitIincInsn(int varIndex, int increment) { count(); super.visitIincInsn(varIndex, increment); }

    @Override public void visitTableSwitchInsn(int min, int max, Label dflt, Label... labels) {
        disqualify();
        super.visitTableSwitchInsn(min, max, dflt, labels);
    }

    @Override public void visitLookupSwitchInsn(Label dflt, int[] keys, Label[] labels) {
        disqualify();
        super.visitLookupSwitchInsn(dflt, keys, labels);
    }

    @Override public void visitMultiANewArrayInsn(String descriptor, int numDimensions) {
        disqualify();
        super.visitMultiANewArrayInsn(descriptor, numDimensions);
    }

    @Override public void visitTryCatchBlock(Label start, Label end, Label handler, String type) {
        disqualify();
        super.visitTryCatchBlock(start, end, handler, type);
    }

    @Override public void visitEnd() {
        if (!disqualified && instructions > 0 && instructions <= MAX_INSTRUCTIONS) registry.markTrivial(id);
        super.visitEnd();
    }
}
