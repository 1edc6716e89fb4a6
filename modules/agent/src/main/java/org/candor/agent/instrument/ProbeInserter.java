package org.candor.agent.instrument;

import java.util.HashSet;
import java.util.Set;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.commons.AdviceAdapter;

/**
 * Adds entry and exit probes to one method:
 * <pre>
 *   ts = Probe.enter(id); frame = ts.frame;          // first thing, before super() in a constructor
 *   try {                                            // from after super() in a constructor
 *     ...original code, each handler starting with Probe.unwind(ts, frame)...
 *     Probe.exit(ts, frame); return;                 // before every return
 *   } catch (any) { Probe.exit(ts, frame); throw; }  // an exception leaving the method
 * </pre>
 * With root methods, {@code enter} is {@code enterRoot} in a root and {@code enterInner} elsewhere (see
 * {@link ProbeKind}).
 * <p>
 * All inserted instructions go straight to the next visitor ({@code mv}), so the inherited local remapping and the
 * constructor stack tracking of {@link AdviceAdapter} see only the original code. The catch-all handler gets an
 * explicit stack map frame that names only the two probe locals, which are assigned before any original code runs;
 * nothing here needs to load classes to compute frames.
 * <p>
 * A constructor whose code before {@code super()} is not all ahead of the first {@code super()} call (Groovy's
 * dynamic constructor selection: a switch with a {@code super(...)} per case and a throwing default) gets no
 * catch-all: the range would cover code where {@code this} is uninitialised, which the JVM's verifier refuses. An
 * exception leaving such a constructor is closed by its caller's next unwind or exit, as one thrown before
 * {@code super()} is.
 */
final class ProbeInserter extends AdviceAdapter {

    static final String PROBE = "org/candor/probe/Probe";
    static final String THREAD_STATE = "org/candor/probe/ThreadState";
    private static final String ENTER_DESC = "(I)L" + THREAD_STATE + ";";
    private static final String EXIT_DESC = "(L" + THREAD_STATE + ";I)V";

    private final int methodId;
    private final ProbeKind kind;
    private final boolean writeFrames;
    private final Set<Label> handlers = new HashSet<>();
    private final Label bodyStart = new Label();
    private boolean entryEmitted;
    private boolean bodyStarted;
    /** Original code after bodyStart runs with {@code this} uninitialised: no catch-all range may cover it. */
    private boolean uninitializedInBody;
    private boolean unwindPending;
    private int tsLocal;
    private int frameLocal;

    ProbeInserter(int api, MethodVisitor next, int access, String name, String descriptor, int methodId,
                  ProbeKind kind, boolean writeFrames) {
        super(api, next, access, name, descriptor);
        this.methodId = methodId;
        this.kind = kind;
        this.writeFrames = writeFrames;
    }

    @Override
    public void visitCode() {
        tsLocal = newLocal(Type.getObjectType(THREAD_STATE));
        frameLocal = newLocal(Type.INT_TYPE);
        super.visitCode(); // calls onMethodEnter now, or after super() in a constructor
        if (!entryEmitted) emitEntry();
    }

    @Override
    protected void onMethodEnter() {
        if (!entryEmitted) emitEntry();
        if (bodyStarted) { // another super()/this() call, on another branch of a constructor
            uninitializedInBody = true;
            return;
        }
        mv.visitLabel(bodyStart);
        bodyStarted = true;
    }

    private void emitEntry() {
        entryEmitted = true;
        pushInt(methodId);
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, PROBE, kind.entryMethod, ENTER_DESC, false);
        mv.visitInsn(Opcodes.DUP);
        mv.visitFieldInsn(Opcodes.GETFIELD, THREAD_STATE, "frame", "I");
        mv.visitVarInsn(Opcodes.ISTORE, frameLocal);
        mv.visitVarInsn(Opcodes.ASTORE, tsLocal);
    }

    @Override
    protected void onMethodExit(int opcode) {
        if (opcode != Opcodes.ATHROW) emitExit();
    }

    private void emitExit() {
        mv.visitVarInsn(Opcodes.ALOAD, tsLocal);
        mv.visitVarInsn(Opcodes.ILOAD, frameLocal);
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, PROBE, "exit", EXIT_DESC, false);
    }

    @Override
    public void visitTryCatchBlock(Label start, Label end, Label handler, String type) {
        handlers.add(handler);
        super.visitTryCatchBlock(start, end, handler, type);
    }

    @Override
    public void visitLabel(Label label) {
        flushUnwind();
        super.visitLabel(label);
        if (handlers.contains(label)) unwindPending = true;
    }

    @Override
    public void visitFrame(int type, int numLocal, Object[] local, int numStack, Object[] stack) {
        if (bodyStarted && (holdsUninitializedThis(numLocal, local) || holdsUninitializedThis(numStack, stack))) {
            uninitializedInBody = true;
        }
        super.visitFrame(type, numLocal, local, numStack, stack);
        flushUnwind();
    }

    private static boolean holdsUninitializedThis(int n, Object[] types) {
        if (types == null) return false;
        for (int i = 0; i < n && i < types.length; i++) if (types[i] == Opcodes.UNINITIALIZED_THIS) return true;
        return false;
    }

    /** At the start of an original exception handler: close the frames the exception skipped. */
    private void flushUnwind() {
        if (!unwindPending) return;
        unwindPending = false;
        mv.visitVarInsn(Opcodes.ALOAD, tsLocal);
        mv.visitVarInsn(Opcodes.ILOAD, frameLocal);
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, PROBE, "unwind", EXIT_DESC, false);
    }

    @Override
    public void visitMaxs(int maxStack, int maxLocals) {
        flushUnwind();
        if (bodyStarted && !uninitializedInBody) {
            Label bodyEnd = new Label();
            Label handler = new Label();
            mv.visitLabel(bodyEnd);
            mv.visitTryCatchBlock(bodyStart, bodyEnd, handler, null);
            mv.visitLabel(handler);
            if (writeFrames) {
                Object[] locals = new Object[frameLocal + 1];
                for (int i = 0; i < locals.length; i++) locals[i] = Opcodes.TOP;
                locals[tsLocal] = THREAD_STATE;
                locals[frameLocal] = Opcodes.INTEGER;
                mv.visitFrame(Opcodes.F_NEW, locals.length, locals, 1, new Object[] {"java/lang/Throwable"});
            }
            emitExit();
            mv.visitInsn(Opcodes.ATHROW);
        }
        super.visitMaxs(maxStack, maxLocals);
    }

    private void pushInt(int v) {
        if (v >= -1 && v <= 5) mv.visitInsn(Opcodes.ICONST_0 + v);
        else if (v >= Byte.MIN_VALUE && v <= Byte.MAX_VALUE) mv.visitIntInsn(Opcodes.BIPUSH, v);
        else if (v >= Short.MIN_VALUE && v <= Short.MAX_VALUE) mv.visitIntInsn(Opcodes.SIPUSH, v);
        else mv.visitLdcInsn(v);
    }

    // Every instruction first completes a pending unwind (a handler without a stack map frame, in old class files).

    @Override public void visitInsn(int opcode) { flushUnwind(); super.visitInsn(opcode); }
    @Override public void visitIntInsn(int opcode, int operand) { flushUnwind(); super.visitIntInsn(opcode, operand); }
    @Override public void visitVarInsn(int opcode, int var) { flushUnwind(); super.visitVarInsn(opcode, var); }
    @Override public void visitTypeInsn(int opcode, String type) { flushUnwind(); super.visitTypeInsn(opcode, type); }
    @Override public void visitFieldInsn(int opcode, String owner, String name, String descriptor) {
        flushUnwind();
        super.visitFieldInsn(opcode, owner, name, descriptor);
    }
    @Override public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean itf) {
        flushUnwind();
        super.visitMethodInsn(opcode, owner, name, descriptor, itf);
    }
    @Override public void visitInvokeDynamicInsn(String name, String descriptor, Handle bsm, Object... args) {
        flushUnwind();
        super.visitInvokeDynamicInsn(name, descriptor, bsm, args);
    }
    @Override public void visitJumpInsn(int opcode, Label label) { flushUnwind(); super.visitJumpInsn(opcode, label); }
    @Override public void visitLdcInsn(Object value) { flushUnwind(); super.visitLdcInsn(value); }
    @Override public void visitIincInsn(int var, int increment) { flushUnwind(); super.visitIincInsn(var, increment); }
    @Override public void visitTableSwitchInsn(int min, int max, Label dflt, Label... labels) {
        flushUnwind();
        super.visitTableSwitchInsn(min, max, dflt, labels);
    }
    @Override public void visitLookupSwitchInsn(Label dflt, int[] keys, Label[] labels) {
        flushUnwind();
        super.visitLookupSwitchInsn(dflt, keys, labels);
    }
    @Override public void visitMultiANewArrayInsn(String descriptor, int numDimensions) {
        flushUnwind();
        super.visitMultiANewArrayInsn(descriptor, numDimensions);
    }
}
