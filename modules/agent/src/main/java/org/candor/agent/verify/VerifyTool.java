package org.candor.agent.verify;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Paths;
import java.util.List;

/**
 * {@code candor verify}'s work, called by the command line through a loader over the agent directory's jars (so the
 * instrumenter is the agent's own, shaded ASM and all). One block per source, then a total line.
 */
public final class VerifyTool {

    private VerifyTool() {}

    /**
     * @return the number of methods (or classes) Candor's probes make fail verification
     * @throws IOException one line: a source that is missing or not a jar, or a JVM that does not verify
     */
    public static int run(List<String> sources, PrintStream out) throws IOException {
        JarVerifier verifier = new JarVerifier();
        if (!verifier.jvmVerifies()) {
            throw new IOException("this JVM does not verify classes (-Xverify:none or -XX:-BytecodeVerificationRemote"
                    + " is set): nothing could be checked");
        }
        List<SourceReport> reports = verifier.verify(sources);
        long classes = 0, methods = 0;
        int failures = 0;
        for (SourceReport r : reports) {
            print(r, out);
            classes += r.instrumented;
            methods += r.methodsChecked;
            failures += r.failures.size();
        }
        if (reports.size() > 1) {
            out.printf("total: %d sources, %d classes and %d methods checked, %d failures caused by Candor%n",
                    reports.size(), classes, methods, failures);
        }
        return failures;
    }

    private static void print(SourceReport r, PrintStream out) {
        String name = r.source.startsWith(ClassFiles.JRT) ? r.source
                : String.valueOf(Paths.get(r.source).getFileName());
        out.printf("%s: %d classes, %d instrumented; %d methods checked (%d with probes); %d failures caused by Candor%n",
                name, r.classes, r.instrumented, r.methodsChecked, r.methodsProbed, r.failures.size());
        if (r.failUnmodified > 0) {
            out.printf("  %d classes fail to verify unmodified too (a dependency missing from the jars given?):"
                    + " not counted%n", r.failUnmodified);
        }
        if (r.neverInstrumented > 0) {
            out.printf("  %d classes in packages Candor never instruments (java.lang, jdk.internal, sun)%n",
                    r.neverInstrumented);
        }
        if (r.methodsTooLarge > 0) {
            out.printf("  %d methods left without probes: too large for them (64 KiB of code)%n", r.methodsTooLarge);
        }
        for (String e : r.instrumenterErrors) out.println("  not instrumented (left as it is): " + e);
        for (SourceReport.Failure f : r.failures) out.println("  FAILS: " + f);
    }
}
