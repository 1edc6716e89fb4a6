package org.candor.agent.verify;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiFunction;
import org.candor.agent.filter.ClassFilter;
import org.candor.agent.instrument.CandorTransformer;
import org.candor.agent.instrument.InstrumentationStats;
import org.candor.agent.instrument.MethodRegistry;
import org.candor.agent.scheme.TotalScheme;
import org.candor.probe.Probe;
import org.objectweb.asm.tree.ClassNode;

/**
 * Says whether Candor can instrument a set of jars: every class of each goes through the agent's own class-file hook
 * ({@link CandorTransformer}) under the Total scheme with a filter that takes everything the agent may ever
 * instrument, and each class that gets probes is then checked twice, as it would be in the target:
 * <ol>
 *   <li>{@link HotSpotCheck}: defined in a fresh loader, with the JVM's verifier on, and linked: this reads the
 *       frames Candor wrote (StackMapTable), which is what fails in a real target;</li>
 *   <li>{@link AsmCheck}: ASM's data-flow verifier on every method, types resolved from the jar set and the JDK:
 *       it names every bad method and covers the {@code java.*} classes that only the JDK may define.</li>
 * </ol>
 * What a verifier refuses in the instrumented class and accepts in the original is Candor's failure; a class that
 * fails unmodified (a dependency that is not in the set) is counted apart. Nothing of the jars runs: classes are
 * loaded and linked, never initialised.
 */
public final class JarVerifier {

    /** Everything the agent may instrument: {@code **} without default excludes (the never-packages stay out). */
    private static final ClassFilter EVERYTHING = new ClassFilter(List.of("**"), List.of(), false);

    private final ClassLoader probeParent;
    /** What happens to the agent's output before it is checked: nothing, but for tests that damage it. */
    private final BiFunction<String, byte[], byte[]> afterAgent;

    public JarVerifier() {
        this((name, bytes) -> bytes);
    }

    JarVerifier(BiFunction<String, byte[], byte[]> afterAgent) {
        this.afterAgent = afterAgent;
        this.probeParent = probeLoader();
    }

    /**
     * A fresh parent for {@link ClassWorld}s: instrumented code calls the probes; they, over the platform, are all a
     * checked class sees besides the set.
     */
    static ClassLoader probeLoader() {
        URL probes = Probe.class.getProtectionDomain().getCodeSource().getLocation();
        return new URLClassLoader("candor-verify-probes", new URL[] {probes}, ClassLoader.getPlatformClassLoader());
    }

    /**
     * Whether this JVM verifies classes of loaders other than the JDK's (-Xverify:none and
     * -XX:-BytecodeVerificationRemote turn that off): without it the HotSpot check passes everything.
     */
    public boolean jvmVerifies() {
        Map<String, byte[]> broken = Map.of(BrokenClass.NAME, BrokenClass.bytes());
        Finding f = HotSpotCheck.link(BrokenClass.NAME, new ClassWorld(broken, Map.of(), probeParent, true));
        return f != null && f.message.startsWith("VerifyError");
    }

    /** Each source, in order; one that cannot be read is one IOException line, before anything is checked. */
    public List<SourceReport> verify(List<String> sources) throws IOException {
        Map<String, Map<String, byte[]>> read = new LinkedHashMap<>();
        for (String s : sources) read.put(s, ClassFiles.read(s));
        MethodRegistry registry = new MethodRegistry(); // one session's ids, as when all of them load in one JVM
        List<SourceReport> reports = new ArrayList<>();
        for (Map.Entry<String, Map<String, byte[]>> e : read.entrySet()) {
            Map<String, byte[]> others = new HashMap<>();
            for (Map.Entry<String, Map<String, byte[]>> o : read.entrySet()) {
                if (o.getKey().equals(e.getKey())) continue;
                o.getValue().forEach(others::putIfAbsent); // the first jar that has a class defines it
            }
            reports.add(verify(e.getKey(), e.getValue(), others, registry));
        }
        return reports;
    }

    private SourceReport verify(String source, Map<String, byte[]> own, Map<String, byte[]> others,
                                MethodRegistry registry) {
        SourceReport report = new SourceReport(source);
        report.classes = own.size();
        InstrumentationStats stats = new InstrumentationStats();
        CandorTransformer transformer = new CandorTransformer(null, EVERYTHING, new TotalScheme(EVERYTHING), registry,
                stats);
        Map<String, byte[]> instrumented = new TreeMap<>();
        for (Map.Entry<String, byte[]> c : own.entrySet()) {
            String name = c.getKey();
            if (EVERYTHING.decide(name.replace('/', '.')) == ClassFilter.Decision.SKIP) {
                report.neverInstrumented++;
                continue;
            }
            long failedBefore = stats.classesFailed.get();
            byte[] out = transformer.transform(null, null, name, null, null, c.getValue());
            if (stats.classesFailed.get() != failedBefore && readable(c.getValue())) {
                report.instrumenterErrors.add(last(stats.failures(), name));
            }
            if (out != null) instrumented.put(name, afterAgent.apply(name, out));
        }
        report.instrumented = instrumented.size();
        report.methodsProbed = stats.methodsInstrumented();
        report.methodsTooLarge = stats.methodsTooLarge.get();

        Map<String, byte[]> after = new HashMap<>(own);
        after.putAll(instrumented);
        ClassLoader instrumentedWorld = new ClassWorld(after, others, probeParent, true);
        ClassLoader originalWorld = null;
        // ASM resolves types among the originals, the JDK's running classes first (the same as a jrt:/ module's)
        ClassLoader typeWorld = new ClassWorld(own, others, probeParent, false);
        for (Map.Entry<String, byte[]> c : instrumented.entrySet()) {
            String name = c.getKey();
            ClassNode original = AsmCheck.parse(own.get(name));
            report.methodsChecked += AsmCheck.methodsWithCode(original);
            boolean failsUnmodified = false;
            List<Finding> blamed = new ArrayList<>();

            if (ClassWorld.definable(name)) {
                Finding f = HotSpotCheck.link(name, instrumentedWorld);
                // a superclass's failure shows here too: its own check reports it
                if (f != null && (f.owner == null || f.owner.equals(name))) {
                    if (originalWorld == null) originalWorld = new ClassWorld(own, others, probeParent, true);
                    if (HotSpotCheck.link(name, originalWorld) != null) failsUnmodified = true;
                    else blamed.add(f);
                }
            }
            for (Finding f : AsmCheck.verify(AsmCheck.parse(c.getValue()), typeWorld, null)) {
                if (!AsmCheck.verify(original, typeWorld, f.method).isEmpty()) {
                    failsUnmodified = true;
                } else if (blamed.stream().noneMatch(b -> f.method.equals(b.method))) {
                    blamed.add(f);
                }
            }
            if (failsUnmodified) report.failUnmodified++;
            for (Finding f : blamed) report.failures.add(new SourceReport.Failure(name, f));
        }
        return report;
    }

    private static boolean readable(byte[] classFile) {
        try {
            AsmCheck.parse(classFile);
            return true;
        } catch (RuntimeException e) { // not a class file the agent could ever be handed
            return false;
        }
    }

    /** The stats' line for this class (they keep the first few only). */
    private static String last(List<String> failures, String name) {
        String dotted = name.replace('/', '.');
        String line = failures.isEmpty() ? "" : failures.get(failures.size() - 1);
        return line.startsWith(dotted + ": ") ? line : dotted;
    }
}
