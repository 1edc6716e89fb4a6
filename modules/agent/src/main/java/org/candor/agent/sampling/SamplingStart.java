package org.candor.agent.sampling;

import org.candor.agent.AgentLog;
import org.candor.agent.filter.ClassFilter;
import org.candor.agent.filter.PatternException;
import org.candor.agent.options.AgentOptions;
import org.candor.agent.options.OptionException;
import org.candor.agent.snapshot.SnapshotOnExit;

/**
 * Starts the Java half of a sampling session: libcandor.so samples already; this only arranges for the snapshot at
 * exit. Sampling changes no bytecode, so it needs no {@code java.lang.instrument}: a launch with libcandor.so's
 * {@code session=FILE} calls {@link #start(String)} from VMInit instead of loading this jar as a {@code -javaagent}.
 * This class must not touch the probe classes (nothing puts candor-probe.jar on the boot class path then).
 */
public final class SamplingStart {

    private SamplingStart() {}

    /** From libcandor.so (session=FILE): the agent options, checked as premain checks them. */
    public static void start(String args) {
        AgentOptions options;
        try {
            options = AgentOptions.parse(args);
            new ClassFilter(options.includes(), options.excludes(), options.defaultExcludes());
        } catch (OptionException | PatternException e) {
            AgentLog.error(e.getMessage());
            System.exit(2);
            return;
        }
        if (options.mode() != AgentOptions.Mode.SAMPLE) {
            AgentLog.error("libcandor.so's session= starts sampling sessions (mode=sample); instrumentation needs"
                    + " -javaagent:candor-agent.jar");
            System.exit(2);
            return;
        }
        AgentLog.configure(options.quiet(), options.verbose());
        start(options);
    }

    /** With checked options (premain in sample mode, or the above): the snapshot hook, or one line and exit 2. */
    public static void start(AgentOptions options) {
        try {
            new SnapshotOnExit(options, SamplingSnapshots.start(options)).install();
        } catch (IllegalStateException e) {
            AgentLog.error(e.getMessage());
            System.exit(2);
        }
    }
}
