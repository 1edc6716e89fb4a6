package org.candor.agent.verify;

import java.util.ArrayList;
import java.util.List;

/** What {@link JarVerifier} found in one jar or module. */
public final class SourceReport {

    /** One method (or class) that verifies unmodified and not once instrumented. */
    public static final class Failure {
        public final String className;
        /** Name and descriptor; null when the verifier named none. */
        public final String method;
        public final String message;
        public final String verifier;

        Failure(String className, Finding f) {
            this.className = className;
            this.method = f.method;
            this.message = f.message;
            this.verifier = f.verifier;
        }

        @Override
        public String toString() {
            return className.replace('/', '.') + (method == null ? "" : "." + method) + ": " + message + " ("
                    + verifier + ")";
        }
    }

    public final String source;
    /** Class files read (module descriptors aside). */
    public int classes;
    /** Classes the agent would give probes (the others have no method with code, or are never instrumented). */
    public int instrumented;
    /** Methods with code in the instrumented classes: each checked by the verifiers. */
    public long methodsChecked;
    /** Methods with probes. */
    public long methodsProbed;
    /** Methods left without probes because they would outgrow the 64 KiB code limit. */
    public long methodsTooLarge;
    /** Classes in the packages the probes themselves run on ({@code java.lang}, {@code jdk.internal}, {@code sun}). */
    public int neverInstrumented;
    /** Instrumented classes that already fail a verifier unmodified (a missing dependency): counted apart. */
    public int failUnmodified;
    /** Classes the instrumenter gave up on; the agent leaves them as they are. */
    public final List<String> instrumenterErrors = new ArrayList<>();
    /** Methods that verify unmodified and fail once instrumented: caused by Candor. */
    public final List<Failure> failures = new ArrayList<>();

    SourceReport(String source) {
        this.source = source;
    }
}
