package org.candor.agent.instrument;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
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
 *     ...original code...
 *     Probe.exit(ts, frame); return;                 // before every return
 *   } catch (any) { Probe.exit(ts, frame); throw; }  // an exception leaving the method
 *   T: Probe.unwind(ts, frame); goto H;              // per original handler H, which the exception table now
 *                                                    // names T for; outside every range
 * </pre>
 * The unwind runs in a trampoline after the original code, not at the start of the handler: an original handler's
 * first instruction often lies inside another handler's range (javac's {@code finally} range covers the start of a
 * {@code catch} and of itself), and a call there, which may throw, would add exception edges the original code never
 * had, a handler reached from its own first instruction among them, which C1 refuses to compile ("error while
 * joining with exception handler"). Nor does the catch-all cover a trampoline: the handler of a synchronized block
 * runs with the monitor still held, and an edge from there to the catch-all (reached elsewhere with no monitor held)
 * has C1 refuse the method too. Should the unwind itself throw (a StackOverflowError), the frames it leaves open are
 * closed by the caller's next exit or unwind, as for an exception thrown before {@code super()}.
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
    /** Each original handler label, to the trampoline the exception table names instead. */
    private final Map<Label, Label> trampolines = new LinkedHashMap<>();
    /** The stack map frame at each original handler, as written (locals remapped), for its trampoline. */
    private final Map<Label, Object[][]> handlerFrames = new HashMap<>();
    private final HandlerRedirect redirect;
    private Label handlerAwaitingFrame;
    /**
     * False in a method with a synchronized block: its handlers keep the unwind at their start, inside the original
     * ranges (a trampoline would run with the monitor held outside every range, which C1 refuses as well; such a
     * method is left to C2, as it was before trampolines).
     */
    private final boolean useTrampolines;
    private final java.util.Set<Label> inlineHandlers = new java.util.HashSet<>();
    private boolean unwindPending;
    private final Label bodyStart = new Label();
    private boolean entryEmitted;
    private boolean bodyStarted;
    /** Original code after bodyStart runs with {@code this} uninitialised: no catch-all range may cover it. */
    private boolean uninitializedInBody;
    private int tsLocal;
    private int frameLocal;

    /** @param hasMonitors the method has a synchronized block (MONITORENTER): no trampolines */
    ProbeInserter(int api, MethodVisitor next, int access, String name, String descriptor, int methodId,
                  ProbeKind kind, boolean writeFrames, boolean hasMonitors) {
        this(api, new HandlerRedirect(api, next), access, name, descriptor, methodId, kind, writeFrames, hasMonitors);
    }

    private ProbeInserter(int api, HandlerRedirect next, int access, String name, String descriptor, int methodId,
                          ProbeKind kind, boolean writeFrames, boolean hasMonitors) {
        super(api, next, access, name, descriptor);
        this.redirect = next;
        this.useTrampolines = !hasMonitors;
        next.trampolines = trampolines;
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
        if (useTrampolines) trampolines.computeIfAbsent(handler, h -> new Label()); else inlineHandlers.add(handler);
        super.visitTryCatchBlock(start, end, handler, type);  // the writer gets the trampoline (HandlerRedirect)
    }

    @Override
    public void visitLabel(Label label) {
        flushUnwind();
        super.visitLabel(label);
        if (trampolines.containsKey(label)) handlerAwaitingFrame = label;
        if (inlineHandlers.contains(label)) unwindPending = true;
    }

    @Override
    public void visitFrame(int type, int numLocal, Object[] local, int numStack, Object[] stack) {
        if (bodyStarted && (holdsUninitializedThis(numLocal, local) || holdsUninitializedThis(numStack, stack))) {
            uninitializedInBody = true;
        }
        super.visitFrame(type, numLocal, local, numStack, stack);
        if (handlerAwaitingFrame != null) {
            handlerFrames.put(handlerAwaitingFrame, redirect.lastFrame);
            handlerAwaitingFrame = null;
        }
        flushUnwind();
    }

    /** Without trampolines: at the start of an original handler, close the frames the exception skipped. */
    private void flushUnwind() {
        if (!unwindPending) return;
        unwindPending = false;
        mv.visitVarInsn(Opcodes.ALOAD, tsLocal);
        mv.visitVarInsn(Opcodes.ILOAD, frameLocal);
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, PROBE, "unwind", EXIT_DESC, false);
    }

    private static boolean holdsUninitializedThis(int n, Object[] types) {
        if (types == null) return false;
        for (int i = 0; i < n && i < types.length; i++) if (types[i] == Opcodes.UNINITIALIZED_THIS) return true;
        return false;
    }

    /**
     * The trampolines: each closes the frames the exception skipped, then goes to its original handler with the
     * exception still on the stack, in the handler's own frame.
     */
    private void emitTrampolines() {
        for (Map.Entry<Label, Label> t : trampolines.entrySet()) {
            mv.visitLabel(t.getValue());
            if (writeFrames) {
                Object[][] f = handlerFrames.get(t.getKey());
                if (f == null) throw new IllegalStateException("no stack map frame at an exception handler");
                mv.visitFrame(Opcodes.F_NEW, f[0].length, f[0], f[1].length, f[1]);
            }
            mv.visitVarInsn(Opcodes.ALOAD, tsLocal);
            mv.visitVarInsn(Opcodes.ILOAD, frameLocal);
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, PROBE, "unwind", EXIT_DESC, false);
            mv.visitJumpInsn(Opcodes.GOTO, t.getKey());
        }
    }

    @Override
    public void visitMaxs(int maxStack, int maxLocals) {
        flushUnwind();
        boolean catchAll = bodyStarted && !uninitializedInBody;
        Label bodyEnd = new Label();
        Label handler = new Label();
        if (catchAll) {
            mv.visitLabel(bodyEnd);
            mv.visitTryCatchBlock(bodyStart, bodyEnd, handler, null);
        }
        emitTrampolines();
        if (catchAll) {
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

    // Without trampolines every instruction first completes a pending unwind (a handler with no stack map frame,
    // in old class files).

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
    @Override public void visitInvokeDynamicInsn(String name, String descriptor, org.objectweb.asm.Handle bsm,
                                                 Object... args) {
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

    /**
     * Between this inserter and the writer: gives the writer each original handler's trampoline instead of the
     * handler, and keeps the last stack map frame as written (after the local remapping above it).
     */
    private static final class HandlerRedirect extends MethodVisitor {
        Map<Label, Label> trampolines;
        Object[][] lastFrame;

        HandlerRedirect(int api, MethodVisitor next) {
            super(api, next);
        }

        @Override
        public void visitTryCatchBlock(Label start, Label end, Label handler, String type) {
            Label t = trampolines.get(handler);
            super.visitTryCatchBlock(start, end, t != null ? t : handler, type);
        }

        @Override
        public void visitFrame(int type, int numLocal, Object[] local, int numStack, Object[] stack) {
            lastFrame = new Object[][] {copy(numLocal, local), copy(numStack, stack)};
            super.visitFrame(type, numLocal, local, numStack, stack);
        }

        private static Object[] copy(int n, Object[] items) {
            Object[] c = new Object[n];
            if (n > 0) System.arraycopy(items, 0, c, 0, n);
            return c;
        }
    }
}
