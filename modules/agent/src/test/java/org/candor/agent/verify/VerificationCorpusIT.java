package org.candor.agent.verify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.net.JarURLConnection;
import java.net.URL;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.candor.agent.filter.ClassFilter;
import org.candor.agent.instrument.ClassInstrumenter;
import org.candor.agent.instrument.ProbeKind;
import org.candor.agent.instrument.InstrumentationStats;
import org.candor.agent.instrument.MethodRegistry;
import org.candor.probe.Probe;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.SimpleVerifier;
import org.objectweb.asm.util.CheckClassAdapter;

/**
 * Every class of several real jars (Guava, the Kotlin and Scala standard libraries, Groovy), instrumented with the
 * Total scheme for all of its methods, must
 * <ol>
 *   <li>pass ASM's data-flow verifier ({@link CheckClassAdapter} structure checks, then {@link Analyzer} with a
 *       {@link SimpleVerifier} per method, as {@code CheckClassAdapter.verify} does), and</li>
 *   <li>load and link in HotSpot with bytecode verification on (a fresh, non-boot class loader; linking is forced by
 *       reflection, without running static initialisers),</li>
 * </ol>
 * wherever the original bytes do. What fails in its original form too (a missing optional dependency) is counted,
 * printed and left out. The classes live in throw-away loaders whose parent sees only the probe classes and the
 * platform, never in the test's own loaders. Reading, loaders and both verifiers are {@code candor verify}'s own
 * ({@link ClassFiles}, {@link ClassWorld}, {@link HotSpotCheck}, {@link AsmCheck}); this test adds ASM's structure
 * checks (asm-util is a test dependency) and which methods got probes.
 */
public class VerificationCorpusIT {

    private static final ClassFilter EVERYTHING = new ClassFilter(List.of("**"), List.of(), false);
    private static final String PROBE = Type.getInternalName(Probe.class);
    private static final int LISTED = 30;
    /** Parent of every corpus loader: the probe classes (what instrumented code calls) over the platform loader. */
    private static final ClassLoader PROBE_LOADER = JarVerifier.probeLoader();
    private static final List<String> TABLE = Collections.synchronizedList(new ArrayList<>());
    private static long totalNanos;

    static Stream<Arguments> corpora() {
        return Stream.of(
                corpus("com/google/common/collect/ImmutableList.class",
                        "com/google/common/util/concurrent/internal/InternalFutureFailureAccess.class"),
                corpus("kotlin/Unit.class"),
                corpus("scala/Option.class"),
                corpus("groovy/lang/GroovyObject.class"));
    }

    /** The jar holding {@code marker} (from the test class path, where Maven put it), with the jars it links against. */
    private static Arguments corpus(String marker, String... dependencyMarkers) {
        Path jar = jarOf(marker);
        List<Path> deps = new ArrayList<>();
        for (String d : dependencyMarkers) deps.add(jarOf(d));
        String label = jar.getFileName().toString().replaceFirst("\\.jar$", "");
        return Arguments.of(label, jar, deps);
    }

    public static Path jarOf(String resource) {
        URL url = VerificationCorpusIT.class.getClassLoader().getResource(resource);
        if (url == null) throw new AssertionError(resource + " is not on the test class path (test dependencies?)");
        try {
            return Paths.get(((JarURLConnection) url.openConnection()).getJarFileURL().toURI());
        } catch (Exception e) {
            throw new AssertionError("cannot locate the jar of " + url, e);
        }
    }

    /** The checks below can fail: a class with a type error is refused by both verifiers in this very JVM. */
    @BeforeAll
    static void verifiersAreOn() {
        assertThat(new JarVerifier().jvmVerifies())
                .as("HotSpot must verify classes of a custom loader (is -Xverify:none or -XX:-BytecodeVerificationRemote set?)")
                .isTrue();
        assertThat(verify(BrokenClass.bytes(), PROBE_LOADER).errors).containsKey("bad()Ljava/lang/Object;");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corpora")
    void everyClassVerifiesAndLinksWithProbesInEveryMethod(String label, Path jar, List<Path> deps) throws IOException {
        long start = System.nanoTime();
        Map<String, byte[]> original = ClassFiles.read(jar.toString());
        Map<String, byte[]> depClasses = new HashMap<>();
        for (Path d : deps) depClasses.putAll(ClassFiles.read(d.toString()));
        assertThat(original).as("classes in %s", jar).hasSizeGreaterThan(500);

        // the filter: "**" without default excludes reaches every class of these jars (none is in a 'never' package)
        List<String> notAll = new ArrayList<>();
        for (String name : original.keySet()) {
            ClassFilter.Decision d = EVERYTHING.decide(name.replace('/', '.'));
            if (d != ClassFilter.Decision.ALL_METHODS) notAll.add(name + " -> " + d);
        }
        assertThat(notAll).as("classes the filter does not fully include").isEmpty();

        // instrument
        MethodRegistry registry = new MethodRegistry();
        InstrumentationStats stats = new InstrumentationStats();
        ClassInstrumenter instrumenter = new ClassInstrumenter(registry, stats);
        Map<String, byte[]> instrumented = new TreeMap<>();
        List<String> failures = new ArrayList<>();
        for (Map.Entry<String, byte[]> e : original.entrySet()) {
            byte[] out = null;
            try {
                out = instrumenter.instrument(e.getValue(), (n, d) -> ProbeKind.TOTAL);
            } catch (Throwable t) {
                failures.add("instrument " + e.getKey() + ": " + t);
            }
            instrumented.put(e.getKey(), out == null ? e.getValue() : out);
        }
        long instrumentedAt = System.nanoTime();

        // ASM verifier; the loader that resolves types for it holds the original classes
        ClassLoader originalLoader = world(original, depClasses);
        int eligible = 0;
        int probed = 0;
        int asmExcluded = 0;
        List<String> notProbed = new ArrayList<>();
        List<String> asmExcludedList = new ArrayList<>();
        for (Map.Entry<String, byte[]> e : instrumented.entrySet()) {
            String name = e.getKey();
            List<String> shouldHaveProbes = eligibleMethods(original.get(name));
            eligible += shouldHaveProbes.size();
            Verified v = verify(e.getValue(), originalLoader);
            for (String m : shouldHaveProbes) {
                if (v.probed.contains(m)) probed++;
                else notProbed.add(name + "." + m);
            }
            if (v.errors.isEmpty()) continue;
            // a method the verifier cannot check in its original form either (a type it cannot load) is left out
            Map<String, String> before = verify(original.get(name), originalLoader).errors;
            for (Map.Entry<String, String> err : v.errors.entrySet()) {
                if (before.containsKey(err.getKey())) {
                    asmExcluded++;
                    if (asmExcludedList.size() < 5) asmExcludedList.add(name + "." + err.getKey() + ": " + before.get(err.getKey()));
                } else {
                    failures.add("ASM verify " + name + "." + err.getKey() + ": " + err.getValue());
                }
            }
        }
        long verifiedAt = System.nanoTime();

        // HotSpot: load and link every class, original and instrumented, each set in its own fresh loader
        Map<String, String> originalLinks = linkFailures(original.keySet(), originalLoader);
        Map<String, String> instrumentedLinks = linkFailures(original.keySet(), world(instrumented, depClasses));
        int linkExcluded = 0;
        List<String> linkExcludedList = new ArrayList<>();
        for (String name : original.keySet()) {
            String before = originalLinks.get(name);
            String after = instrumentedLinks.get(name);
            if (before != null) {
                linkExcluded++;
                if (linkExcludedList.size() < 5) linkExcludedList.add(name + ": " + before);
            }
            if (after != null && !after.equals(before)) {
                failures.add("link " + name + ": " + after + (before == null ? "" : " (original: " + before + ")"));
            }
        }
        long linkedAt = System.nanoTime();
        totalNanos += linkedAt - start;

        long tooLarge = stats.methodsTooLarge.get();
        TABLE.add(String.format("| %-22s | %7d | %8d | %8d | %6.2f %% | %5d | %5d | %5d | %7.1f | %7.1f | %7.1f | %7.1f |",
                label, original.size(), eligible, probed, 100.0 * probed / Math.max(1, eligible), tooLarge,
                linkExcluded, failures.size(), seconds(instrumentedAt - start), seconds(verifiedAt - instrumentedAt),
                seconds(linkedAt - verifiedAt), seconds(linkedAt - start)));
        System.out.printf("%s: %d classes, %d of %d eligible methods instrumented, %d too large; "
                        + "left out: %d classes that do not link in their original form, %d methods ASM cannot "
                        + "verify in their original form; %d failures%n",
                label, original.size(), probed, eligible, tooLarge, linkExcluded, asmExcluded, failures.size());
        if (!linkExcludedList.isEmpty()) System.out.println("  e.g. not linking originally: " + linkExcludedList);
        if (!asmExcludedList.isEmpty()) System.out.println("  e.g. not verifiable originally: " + asmExcludedList);

        if (!failures.isEmpty()) {
            fail(failures.size() + " classes/methods of " + label + " broken by instrumentation; the first "
                    + Math.min(LISTED, failures.size()) + ":\n  " + String.join("\n  ", first(failures)));
        }
        assertThat(notProbed.size())
                .as("eligible methods without probes, other than the %d too large: %s", tooLarge, first(notProbed))
                .isEqualTo(tooLarge);
        assertThat(probed).as("instrumented methods of %s", label).isGreaterThan((int) (0.9 * eligible));
        assertThat(linkExcluded).as("classes that do not link even in their original form")
                .isLessThan(original.size() / 10);
    }

    @AfterAll
    static void printTable() {
        System.out.println();
        System.out.println("Total scheme over whole jars (times in seconds: instrument | ASM verify | load+link both | total)");
        System.out.println("| jar                    | classes |  methods | probed   | probed % | large | !link | fails | instr s | verif s |  link s | total s |");
        System.out.println("|------------------------|---------|----------|----------|----------|-------|-------|-------|---------|---------|---------|---------|");
        TABLE.forEach(System.out::println);
        System.out.printf("total %.1f s (JDK %s)%n%n", seconds(totalNanos), Runtime.version());
    }

    @Test
    void aMethodTooLargeOnceInstrumentedStaysAsItWas() {
        // a method just under the 64 KiB limit, which probes would push over it
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS | ClassWriter.COMPUTE_FRAMES);
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, "candor/canary/Big", null, "java/lang/Object", null);
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_STATIC, "big", "()V", null, null);
        mv.visitCode();
        for (int i = 0; i < 65534 / 2 - 1; i++) {
            mv.visitInsn(Opcodes.ICONST_0);
            mv.visitInsn(Opcodes.POP);
        }
        mv.visitInsn(Opcodes.RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        mv = cw.visitMethod(Opcodes.ACC_STATIC, "small", "()V", null, null);
        mv.visitCode();
        mv.visitInsn(Opcodes.RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        cw.visitEnd();
        InstrumentationStats stats = new InstrumentationStats();
        byte[] out = new ClassInstrumenter(new MethodRegistry(), stats)
                .instrument(cw.toByteArray(), (n, d) -> ProbeKind.TOTAL);
        assertThat(out).isNotNull();
        assertThat(stats.methodsTooLarge.get()).isEqualTo(1);
        Verified v = verify(out, PROBE_LOADER);
        assertThat(v.errors).isEmpty();
        assertThat(v.probed).containsExactly("small()V");
        Map<String, byte[]> classes = Map.of("candor/canary/Big", out);
        assertThat(linkFailures(classes.keySet(), world(classes, Map.of()))).isEmpty();
    }

    /**
     * Constructor shapes javac never emits but other compilers do (Groovy's dynamic constructor selection): a
     * {@code super(...)} call on each branch of a switch, and code that runs before {@code super()} laid out after
     * it. No catch-all may cover code where {@code this} is uninitialised; an ordinary constructor keeps its own.
     */
    @Test
    void constructorsWithSuperCallsOnSeveralBranchesStillVerify() {
        String ex = "java/lang/RuntimeException";
        String iae = "java/lang/IllegalArgumentException";
        Map<String, byte[]> shapes = new TreeMap<>();

        // Switch(int k) { switch (k) { case 0: super(); break; case 1: super("one"); break; default: throw new IAE(); } getMessage(); }
        shapes.put("candor/canary/Switch", constructorClass("candor/canary/Switch", ex, "(I)V", mv -> {
            Label l0 = new Label(), l1 = new Label(), dflt = new Label(), merge = new Label();
            mv.visitVarInsn(Opcodes.ILOAD, 1);
            mv.visitTableSwitchInsn(0, 1, dflt, l0, l1);
            mv.visitLabel(l0);
            mv.visitVarInsn(Opcodes.ALOAD, 0);
            mv.visitMethodInsn(Opcodes.INVOKESPECIAL, ex, "<init>", "()V", false);
            mv.visitJumpInsn(Opcodes.GOTO, merge);
            mv.visitLabel(l1);
            mv.visitVarInsn(Opcodes.ALOAD, 0);
            mv.visitLdcInsn("one");
            mv.visitMethodInsn(Opcodes.INVOKESPECIAL, ex, "<init>", "(Ljava/lang/String;)V", false);
            mv.visitJumpInsn(Opcodes.GOTO, merge);
            mv.visitLabel(dflt);
            throwNew(mv, iae);
            mv.visitLabel(merge);
            mv.visitVarInsn(Opcodes.ALOAD, 0);
            mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, ex, "getMessage", "()Ljava/lang/String;", false);
            mv.visitInsn(Opcodes.POP);
            mv.visitInsn(Opcodes.RETURN);
        }));
        // After(long k) { if (k == 0) goto refuse; super(); goto done; refuse: throw new IAE(); done: return; }
        shapes.put("candor/canary/After", constructorClass("candor/canary/After", ex, "(J)V", mv -> {
            Label refuse = new Label(), done = new Label();
            mv.visitVarInsn(Opcodes.LLOAD, 1);
            mv.visitInsn(Opcodes.LCONST_0);
            mv.visitInsn(Opcodes.LCMP);
            mv.visitJumpInsn(Opcodes.IFEQ, refuse);
            mv.visitVarInsn(Opcodes.ALOAD, 0);
            mv.visitMethodInsn(Opcodes.INVOKESPECIAL, ex, "<init>", "()V", false);
            mv.visitJumpInsn(Opcodes.GOTO, done);
            mv.visitLabel(refuse);
            throwNew(mv, iae);
            mv.visitLabel(done);
            mv.visitInsn(Opcodes.RETURN);
        }));
        // Ordinary() { super(); try { getMessage(); } catch (RuntimeException e) { } }
        shapes.put("candor/canary/Ordinary", constructorClass("candor/canary/Ordinary", ex, "()V", mv -> {
            Label from = new Label(), to = new Label(), handler = new Label(), end = new Label();
            mv.visitTryCatchBlock(from, to, handler, ex);
            mv.visitVarInsn(Opcodes.ALOAD, 0);
            mv.visitMethodInsn(Opcodes.INVOKESPECIAL, ex, "<init>", "()V", false);
            mv.visitLabel(from);
            mv.visitVarInsn(Opcodes.ALOAD, 0);
            mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, ex, "getMessage", "()Ljava/lang/String;", false);
            mv.visitInsn(Opcodes.POP);
            mv.visitLabel(to);
            mv.visitJumpInsn(Opcodes.GOTO, end);
            mv.visitLabel(handler);
            mv.visitInsn(Opcodes.POP);
            mv.visitLabel(end);
            mv.visitInsn(Opcodes.RETURN);
        }));
        assertThat(linkFailures(shapes.keySet(), world(shapes, Map.of()))).as("the originals link").isEmpty();

        Map<String, byte[]> instrumented = new TreeMap<>();
        ClassInstrumenter instrumenter = new ClassInstrumenter(new MethodRegistry(), new InstrumentationStats());
        shapes.forEach((name, bytes) -> instrumented.put(name, instrumenter.instrument(bytes, (n, d) -> ProbeKind.TOTAL)));
        instrumented.forEach((name, bytes) -> {
            Verified v = verify(bytes, PROBE_LOADER);
            assertThat(v.errors).as(name).isEmpty();
            assertThat(v.probed).as(name).hasSize(1);
        });
        assertThat(linkFailures(instrumented.keySet(), world(instrumented, Map.of()))).as("instrumented, they link")
                .isEmpty();

        ClassNode ordinary = new ClassNode();
        new ClassReader(instrumented.get("candor/canary/Ordinary")).accept(ordinary, 0);
        assertThat(ordinary.methods.get(0).tryCatchBlocks).as("the ordinary constructor's catch-all")
                .anyMatch(t -> t.type == null);
    }

    private static byte[] constructorClass(String name, String superName, String descriptor,
                                           java.util.function.Consumer<MethodVisitor> body) {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS | ClassWriter.COMPUTE_FRAMES);
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, name, null, superName, null);
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PUBLIC, "<init>", descriptor, null, null);
        mv.visitCode();
        body.accept(mv);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }

    private static void throwNew(MethodVisitor mv, String type) {
        mv.visitTypeInsn(Opcodes.NEW, type);
        mv.visitInsn(Opcodes.DUP);
        mv.visitMethodInsn(Opcodes.INVOKESPECIAL, type, "<init>", "()V", false);
        mv.visitInsn(Opcodes.ATHROW);
    }

    // ---------------------------------------------------------------------------------------------------------

    /** name+descriptor of the methods the Total scheme instruments: those with code, bridges aside. */
    static List<String> eligibleMethods(byte[] classFile) {
        ClassNode node = new ClassNode();
        new ClassReader(classFile).accept(node, ClassReader.SKIP_CODE | ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        List<String> out = new ArrayList<>();
        for (MethodNode m : node.methods) {
            if ((m.access & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE | Opcodes.ACC_BRIDGE)) == 0) out.add(m.name + m.desc);
        }
        return out;
    }

    static final class Verified {
        /** name+descriptor (or "<class>" for the structure check) -> message */
        final Map<String, String> errors = new LinkedHashMap<>();
        /** name+descriptor of the methods that call Probe.enter */
        final List<String> probed = new ArrayList<>();
    }

    /**
     * What {@code CheckClassAdapter.verify} does: its structure checks, then {@code candor verify}'s {@link AsmCheck}
     * (the {@link Analyzer} with a {@link SimpleVerifier} per method), with the errors collected per method.
     */
    static Verified verify(byte[] classFile, ClassLoader world) {
        Verified v = new Verified();
        ClassNode node = new ClassNode();
        try {
            new ClassReader(classFile).accept(new CheckClassAdapter(Opcodes.ASM9, node, false) {}, 0);
        } catch (RuntimeException e) {
            v.errors.put("<class>", String.valueOf(e));
            return v;
        }
        for (MethodNode m : node.methods) if (callsProbeEnter(m)) v.probed.add(m.name + m.desc);
        for (Finding f : AsmCheck.verify(node, world, null)) v.errors.put(f.method, f.message);
        return v;
    }

    private static boolean callsProbeEnter(MethodNode m) {
        for (AbstractInsnNode insn = m.instructions.getFirst(); insn != null; insn = insn.getNext()) {
            if (insn instanceof MethodInsnNode) {
                MethodInsnNode call = (MethodInsnNode) insn;
                if (call.owner.equals(PROBE) && call.name.equals("enter")) return true;
            }
        }
        return false;
    }

    /** A fresh loader defining {@code classes} (and a jar's dependencies) on demand, over {@link #PROBE_LOADER}. */
    private static ClassLoader world(Map<String, byte[]> classes, Map<String, byte[]> deps) {
        return new ClassWorld(classes, deps, PROBE_LOADER, false);
    }

    /** Internal name -> the error, for each of {@code names} that {@link HotSpotCheck} cannot load and link. */
    static Map<String, String> linkFailures(Collection<String> names, ClassLoader world) {
        Map<String, String> failed = new TreeMap<>();
        for (String name : names) {
            Throwable t = HotSpotCheck.linkError(name, world);
            if (t != null) failed.put(name, String.valueOf(t));
        }
        return failed;
    }

    private static List<String> first(List<String> items) {
        return items.subList(0, Math.min(LISTED, items.size()));
    }

    private static double seconds(long nanos) {
        return nanos / 1e9;
    }
}
