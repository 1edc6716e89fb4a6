package org.candor.agent.sampling;

import org.candor.agent.AgentLog;
import org.candor.agent.control.ControlChannel;
import org.candor.agent.filter.ClassFilter;
import org.candor.agent.filter.PatternException;
import org.candor.agent.options.AgentOptions;
import org.candor.agent.options.OptionException;
import org.candor.agent.snapshot.RunOutcome;
import org.candor.agent.snapshot.SnapshotOnExit;

/**
 * Starts the Java half of a sampling session: libcandor.so samples already; this arranges for the snapshot at exit
 * and opens the session's control channel. Sampling changes no bytecode, so it needs no {@code java.lang.instrument}:
 * a launch with libcandor.so's
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
        RunOutcome.loaded(options);
        AgentLog.configure(options.quiet(), options.verbose());
        start(options, false);
    }

    /**
     * With checked options (premain or agentmain in sample mode, or the above): the snapshot hook and the control
     * channel. When libcandor.so does not sample: one line, then exit 2 at launch, or an exception for the attaching
     * tool (the user's running program must not end).
     */
    public static void start(AgentOptions options, boolean attach) {
        SamplingSnapshots snapshots;
        try {
            snapshots = SamplingSnapshots.start(options);
        } catch (IllegalStateException e) {
            AgentLog.error(e.getMessage());
            if (attach) throw e;
            System.exit(2);
            return;
        }
        SnapshotOnExit onExit = new SnapshotOnExit(options, snapshots).install();
        ControlChannel.openSampling(options, snapshots, onExit, attach);
    }
}
