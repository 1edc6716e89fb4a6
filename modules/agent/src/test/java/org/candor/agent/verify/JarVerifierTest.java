package org.candor.agent.verify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * {@link JarVerifier} over small jars made here: the agent's own probes pass; damage done to its output after the
 * agent (a type error, frames left out) is found, named by class and method, by the verifier that can see it; a
 * class that fails unmodified is counted apart; bad sources are one line.
 */
class JarVerifierTest {

    @TempDir Path dir;

    @Test
    void theAgentsProbesVerify() throws IOException {
        Path jar = jar("app.jar", Map.of("demo/Sample", sample("demo/Sample", "java/lang/Object")));
        SourceReport r = single(new JarVerifier().verify(List.of(jar.toString())));
        assertThat(r.classes).isEqualTo(1);
        assertThat(r.instrumented).isEqualTo(1);
        assertThat(r.methodsChecked).isEqualTo(3); // <init>, pick, object
        assertThat(r.methodsProbed).isEqualTo(3);
        assertThat(r.failures).isEmpty();
        assertThat(r.failUnmodified).isZero();
    }

    @Test
    void framesLeftOutAreFoundByTheJvmsVerifier() throws IOException {
        Path jar = jar("app.jar", Map.of("demo/Sample", sample("demo/Sample", "java/lang/Object")));
        // ASM's analyzer computes frames itself and passes this; only the JVM reads the StackMapTable
        SourceReport r = single(new JarVerifier((name, bytes) -> withoutFrames(bytes)).verify(List.of(jar.toString())));
        assertThat(r.failures).hasSize(1);
        SourceReport.Failure f = r.failures.get(0);
        assertThat(f.className).isEqualTo("demo/Sample");
        assertThat(f.method).isEqualTo("pick(I)I");
        assertThat(f.verifier).isEqualTo("HotSpot");
        assertThat(f.message).startsWith("VerifyError: ").doesNotContain("\n");
    }

    @Test
    void everyMethodWithATypeErrorIsNamed() throws IOException {
        Path jar = jar("app.jar", Map.of("demo/Sample", sample("demo/Sample", "java/lang/Object")));
        SourceReport r = single(new JarVerifier((name, bytes) -> intReturnedAsObject(bytes)).verify(
                List.of(jar.toString())));
        // the JVM stops at the first bad method; ASM names each
        assertThat(r.failures).extracting(f -> f.method).containsExactlyInAnyOrder("pick(I)I", "object()Ljava/lang/Object;");
        assertThat(r.failures).extracting(f -> f.verifier).contains("ASM");
    }

    @Test
    void aClassThatFailsUnmodifiedIsCountedApartNotBlamed() throws IOException {
        // its superclass is in no jar given: it cannot link, probes or not
        Path jar = jar("app.jar", Map.of("demo/Orphan", sample("demo/Orphan", "missing/Base")));
        SourceReport r = single(new JarVerifier((name, bytes) -> withoutFrames(bytes)).verify(List.of(jar.toString())));
        assertThat(r.failures).isEmpty();
        assertThat(r.failUnmodified).isEqualTo(1);
        assertThat(r.instrumented).isEqualTo(1);
    }

    @Test
    void aDependencyFromAnotherJarOfTheSetIsResolved() throws IOException {
        Path base = jar("base.jar", Map.of("missing/Base", sample("missing/Base", "java/lang/Object")));
        Path app = jar("app.jar", Map.of("demo/Orphan", sample("demo/Orphan", "missing/Base")));
        List<SourceReport> reports = new JarVerifier((name, bytes) -> name.equals("demo/Orphan") ? withoutFrames(bytes)
                : bytes).verify(List.of(app.toString(), base.toString()));
        assertThat(reports.get(0).failUnmodified).isZero();
        assertThat(reports.get(0).failures).extracting(f -> f.method).containsExactly("pick(I)I");
        assertThat(reports.get(1).failures).isEmpty();
    }

    @Test
    void theJvmHereVerifies() {
        assertThat(new JarVerifier().jvmVerifies()).isTrue();
    }

    @Test
    void badSourcesAreOneLine() throws Exception {
        Path text = Files.writeString(dir.resolve("notes.jar"), "not a zip");
        assertThatThrownBy(() -> new JarVerifier().verify(List.of(dir.resolve("gone.jar").toString())))
                .isInstanceOf(IOException.class).hasMessage("no such jar: " + dir.resolve("gone.jar"));
        assertThatThrownBy(() -> new JarVerifier().verify(List.of(text.toString())))
                .isInstanceOf(IOException.class).hasMessageStartingWith("not a jar (").hasMessageEndingWith(text.toString());
        assertThatThrownBy(() -> new JarVerifier().verify(List.of(dir.toString())))
                .isInstanceOf(IOException.class).hasMessage("not a jar (not a regular file): " + dir);
        assertThatThrownBy(() -> new JarVerifier().verify(List.of("jrt:/no.such.module")))
                .isInstanceOf(IOException.class).hasMessageStartingWith("no module 'no.such.module' in this JDK");
        assertThatThrownBy(() -> new JarVerifier().verify(List.of("jrt:/")))
                .isInstanceOf(IOException.class).hasMessageStartingWith("no module '' in this JDK");
    }

    @Test
    void aClassEntryLargerThanAnyClassFileIsRefusedUnread() throws IOException {
        // 65 MiB of zeros compress to 64 KiB: read whole, it would cost its full size
        Path jar = dir.resolve("bomb.jar");
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out)) {
            j.putNextEntry(new JarEntry("demo/Big.class"));
            byte[] zeros = new byte[1 << 20];
            for (int i = 0; i <= ClassFiles.MAX_CLASS_BYTES >> 20; i++) j.write(zeros);
            j.closeEntry();
        }
        assertThatThrownBy(() -> new JarVerifier().verify(List.of(jar.toString())))
                .isInstanceOf(IOException.class)
                .hasMessage("not a jar Candor can check: demo/Big.class is larger than 64 MiB: " + jar);
    }

    @Test
    void aJdkModuleIsRead() throws IOException {
        Map<String, byte[]> classes = ClassFiles.read("jrt:/java.logging");
        assertThat(classes).containsKey("java/util/logging/Logger").doesNotContainKey("module-info");
    }

    // ---------------------------------------------------------------------------------------------------------

    private static SourceReport single(List<SourceReport> reports) {
        assertThat(reports).hasSize(1);
        return reports.get(0);
    }

    private Path jar(String name, Map<String, byte[]> classes) throws IOException {
        Path jar = dir.resolve(name);
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out)) {
            for (Map.Entry<String, byte[]> c : new TreeMap<>(classes).entrySet()) {
                j.putNextEntry(new JarEntry(c.getKey() + ".class"));
                j.write(c.getValue());
                j.closeEntry();
            }
        }
        return jar;
    }

    /** {@code int pick(int k) { return k > 0 ? k : -k; }} (a branch: frames) and {@code Object object()}. */
    private static byte[] sample(String name, String superName) {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        cw.visit(Opcodes.V11, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, name, null, superName, null);
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PUBLIC, "<init>", "()V", null, null);
        mv.visitCode();
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        mv.visitMethodInsn(Opcodes.INVOKESPECIAL, superName, "<init>", "()V", false);
        mv.visitInsn(Opcodes.RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        mv = cw.visitMethod(Opcodes.ACC_PUBLIC, "pick", "(I)I", null, null);
        mv.visitCode();
        Label negative = new Label();
        mv.visitVarInsn(Opcodes.ILOAD, 1);
        mv.visitJumpInsn(Opcodes.IFLE, negative);
        mv.visitVarInsn(Opcodes.ILOAD, 1);
        mv.visitInsn(Opcodes.IRETURN);
        mv.visitLabel(negative);
        mv.visitFrame(Opcodes.F_SAME, 0, null, 0, null);
        mv.visitVarInsn(Opcodes.ILOAD, 1);
        mv.visitInsn(Opcodes.INEG);
        mv.visitInsn(Opcodes.IRETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        mv = cw.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "object", "()Ljava/lang/Object;", null, null);
        mv.visitCode();
        mv.visitInsn(Opcodes.ACONST_NULL);
        mv.visitInsn(Opcodes.ARETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }

    /** The same class with no stack map frames in {@code pick}. */
    private static byte[] withoutFrames(byte[] classFile) {
        ClassWriter cw = new ClassWriter(0);
        new ClassReader(classFile).accept(new ClassVisitor(Opcodes.ASM9, cw) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                                             String[] exceptions) {
                MethodVisitor mv = super.visitMethod(access, name, descriptor, signature, exceptions);
                if (!name.equals("pick")) return mv;
                return new MethodVisitor(Opcodes.ASM9, mv) {
                    @Override
                    public void visitFrame(int type, int numLocal, Object[] local, int numStack, Object[] stack) {
                    }
                };
            }
        }, 0);
        return cw.toByteArray();
    }

    /** Each method that returns something gets an {@code int} pushed and returned as what it returns. */
    private static byte[] intReturnedAsObject(byte[] classFile) {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        new ClassReader(classFile).accept(new ClassVisitor(Opcodes.ASM9, cw) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                                             String[] exceptions) {
                MethodVisitor mv = super.visitMethod(access, name, descriptor, signature, exceptions);
                if (descriptor.endsWith("V")) return mv;
                return new MethodVisitor(Opcodes.ASM9, mv) {
                    @Override
                    public void visitInsn(int opcode) {
                        if (opcode == Opcodes.IRETURN) {
                            super.visitInsn(Opcodes.POP);
                            super.visitInsn(Opcodes.ACONST_NULL);
                        }
                        if (opcode == Opcodes.ARETURN) {
                            super.visitInsn(Opcodes.POP);
                            super.visitInsn(Opcodes.ICONST_1);
                        }
                        super.visitInsn(opcode);
                    }
                };
            }
        }, 0);
        return cw.toByteArray();
    }
}
