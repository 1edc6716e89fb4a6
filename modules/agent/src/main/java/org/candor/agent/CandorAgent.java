package org.candor.agent;

import java.lang.instrument.Instrumentation;
import org.candor.agent.calibration.CalibrationSession;
import org.candor.agent.calibration.CompiledMethods;
import org.candor.agent.control.AttachGuard;
import org.candor.agent.control.ControlChannel;
import org.candor.agent.filter.ClassFilter;
import org.candor.agent.filter.PatternException;
import org.candor.agent.instrument.CandorTransformer;
import org.candor.agent.instrument.InstrumentationStats;
import org.candor.agent.instrument.MethodRegistry;
import org.candor.agent.options.AgentOptions;
import org.candor.agent.options.OptionException;
import org.candor.agent.scheme.Scheme;
import org.candor.agent.scheme.SchemePlan;
import org.candor.agent.sampling.SamplingStart;
import org.candor.agent.snapshot.InstrumentationSnapshots;
import org.candor.agent.snapshot.RunOutcome;
import org.candor.agent.snapshot.SnapshotOnExit;
import org.candor.probe.Clock;
import org.candor.probe.HiddenClasses;
import org.candor.probe.ProbeLimits;
import org.candor.probe.Recording;

/**
 * The agent's entry points. Options are checked completely before anything is instrumented: a bad option ends the
 * JVM with one error line at start (launch), so a program never runs half-profiled.
 */
public final class CandorAgent {

    private CandorAgent() {}

    public static void premain(String args, Instrumentation inst) {
        start(args, inst, false);
    }

    public static void agentmain(String args, Instrumentation inst) {
        AttachGuard.check(args);
        start(args, inst, true);
    }

    private static void start(String args, Instrumentation inst, boolean attach) {
        SchemePlan plan;
        try {
            plan = SchemePlan.of(AgentOptions.parse(args));
        } catch (OptionException | PatternException e) {
            AgentLog.error(e.getMessage());
            System.exit(2);
            return;
        }
        AgentOptions options = plan.options;
        RunOutcome.loaded(options);
        ClassFilter filter = plan.filter;
        Scheme scheme = plan.scheme;
        AgentLog.configure(options.quiet(), options.verbose());
        if (options.mode() == AgentOptions.Mode.SAMPLE) {
            SamplingStart.start(options, attach);
            return;
        }
        int maxNodes = options.maxNodes() > 0 ? options.maxNodes()
                : ProbeLimits.defaultMaxNodes(Runtime.getRuntime().maxMemory());
        ProbeLimits.set(maxNodes, options.maxDepth(), options.maxThreads());
        ProbeLimits.treeShape(options.recursion().name().toLowerCase(java.util.Locale.ROOT), options.foldAfter());
        CalibrationSession calibration = CalibrationSession.configure(options);
        ProbeClasses.preload();
        if (options.delayedStart()) Recording.delayStart();
        AgentLog.debug("clock " + Clock.sourceName() + ", metric " + Clock.metric() + " (" + Clock.unit() + "), scheme " + options.scheme());
        MethodRegistry registry = new MethodRegistry();
        InstrumentationStats stats = new InstrumentationStats();
        InstrumentationSnapshots snapshots = new InstrumentationSnapshots(options, registry, stats, calibration, scheme);
        SnapshotOnExit onExit = new SnapshotOnExit(options, snapshots).install();
        CandorTransformer transformer = new CandorTransformer(inst, filter, scheme, registry, stats);
        HiddenClasses.install(transformer);
        if (calibration.calibrated()) CompiledMethods.start(registry);
        inst.addTransformer(transformer, true);
        scheme.start(inst, java.util.Collections.emptyList());
        AgentLog.debug("instrumented " + stats.classesInstrumented.get() + " loaded classes at start");
        boolean controlled = ControlChannel.openInstrumentation(options, inst, transformer, scheme, registry, stats,
                snapshots, onExit);
        if (options.delayedStart() && !controlled) {
            AgentLog.warn("start=delayed, but without a control channel no 'start' could come: recording starts now");
            snapshots.recordingStarted(java.time.Instant.now());
            Recording.start();
        }
    }
}
