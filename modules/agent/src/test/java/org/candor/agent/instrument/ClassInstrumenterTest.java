package org.candor.agent.instrument;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.util.CheckClassAdapter;

/** The probe inserter on the test targets' own classes: verifiable code, probes where they belong. */
class ClassInstrumenterTest {

    private final MethodRegistry registry = new MethodRegistry();
    private final ClassInstrumenter instrumenter = new ClassInstrumenter(registry, new InstrumentationStats());
    private static final MethodChoice ALL = (name, descriptor) -> ProbeKind.TOTAL;

    @Test
    void everyTargetClassVerifiesAfterInstrumentation() throws Exception {
        for (String name : List.of("Shapes", "Shapes$Refused", "Shapes$Counter", "Shapes$Shape", "Shapes$Color",
                "Shapes$Pair", "Shapes$Holder", "ExitInside", "Workers", "Uncaught", "HiddenTarget")) {
            byte[] out = instrumenter.instrument(bytes("org/candor/it/targets/" + name), ALL);
            assertThat(out).as(name).isNotNull();
            StringWriter problems = new StringWriter();
            CheckClassAdapter.verify(new ClassReader(out), getClass().getClassLoader(), false, new PrintWriter(problems));
            assertThat(problems.toString()).as(name).isEmpty();
        }
    }

    @Test
    void probesGoInAtEntryAtEveryReturnAndInTheCatchAll() throws Exception {
        byte[] out = instrumenter.instrument(bytes("org/candor/it/targets/Shapes"), ALL);
        int[] counts = probeCalls(out, "catcher");
        assertThat(counts[0]).as("enter").isEqualTo(1);
        assertThat(counts[1]).as("exit: one return plus the catch-all").isEqualTo(2);
        assertThat(counts[2]).as("unwind: the catch block").isEqualTo(1);
    }

    @Test
    void abstractMethodsAreSkippedAndIdsAreStable() throws Exception {
        byte[] shape = bytes("org/candor/it/targets/Shapes$Shape");
        instrumenter.instrument(shape, ALL);
        int before = registry.size();
        instrumenter.instrument(shape, ALL);
        assertThat(registry.size()).isEqualTo(before);
        assertThat(probeCalls(instrumenter.instrument(shape, ALL), "area")[0]).isZero();
        assertThat(probeCalls(instrumenter.instrument(shape, ALL), "doubled")[0]).isEqualTo(1);
    }

    /** Methods of every shape the trivial check tells apart. */
    @SuppressWarnings("unused")
    static final class Shaped {
        int x;
        long[] values = new long[4];
        int getX() { return x; }
        void setX(int v) { x = v; }
        static int answer() { return 42; }
        int scaled(int a) { return a * x + 3; }
        void eight(int a, int b) { x = a * b + a; }            // aload, iload, iload, imul, iload, iadd, putfield, return
        int eleven(int a, int b) { return a * b + a - b + x; }
        int callsOne() { return getX(); }
        Object allocates() { return new Object(); }
        int branches(int a) { return a > 0 ? a : -a; }
        int loops(int n) { int s = 0; for (int i = 0; i < n; i++) s += i; return s; }
        void throwsOne() { throw new IllegalStateException(); }
        synchronized int locked() { return x; }
    }

    @Test
    void trivialMethodsAreStraightLineUnsynchronizedCodeOfAtMostEightInstructionsThatCallAndAllocateNothing() throws Exception {
        instrumenter.instrument(bytes(Shaped.class.getName().replace('.', '/')), ALL);
        boolean[] trivial = registry.trivialMethods();
        List<String> found = new java.util.ArrayList<>();
        for (int id = 0; id < registry.size(); id++) if (trivial[id]) found.add(registry.get(id).name);
        // a synchronized method takes its lock in a plain run too: that cost is the program's, not the probes'
        assertThat(found).containsExactlyInAnyOrder("getX", "setX", "answer", "scaled", "eight");
    }

    private static int[] probeCalls(byte[] classFile, String method) {
        int[] counts = new int[3];
        new ClassReader(classFile).accept(new ClassVisitor(Opcodes.ASM9) {
            @Override public MethodVisitor visitMethod(int access, String name, String desc, String sig, String[] ex) {
                if (!name.equals(method)) return null;
                return new MethodVisitor(Opcodes.ASM9) {
                    @Override public void visitMethodInsn(int op, String owner, String n, String d, boolean itf) {
                        if (!owner.equals("org/candor/probe/Probe")) return;
                        counts[n.equals("enter") ? 0 : n.equals("exit") ? 1 : 2]++;
                    }
                };
            }
        }, 0);
        return counts;
    }

    private static byte[] bytes(String internalName) throws Exception {
        try (InputStream in = ClassInstrumenterTest.class.getClassLoader().getResourceAsStream(internalName + ".class")) {
            return in.readAllBytes();
        }
    }
}
