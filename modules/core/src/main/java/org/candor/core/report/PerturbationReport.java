package org.candor.core.report;

import java.util.List;
import java.util.Locale;
import org.candor.core.analysis.Perturbation;
import org.candor.core.analysis.ProbeEffect;
import org.candor.core.model.SnapshotInfo;

/**
 * The perturbation report ({@link Perturbation}) as text: the instrumented run's time against the plain run's, then
 * per method both shares, their difference and its probable cause, the largest difference first, then the sampled
 * time the probes never saw.
 */
public final class PerturbationReport {

    /** The methods the instrumented run does not see that are listed. */
    static final int UNSEEN_SHOWN = 5;

    private PerturbationReport() {}

    public static String format(Perturbation p, String instrumentedName, String sampledName, int top) {
        StringBuilder s = new StringBuilder();
        s.append("Candor perturbation report: ").append(instrumentedName).append(" (instrumented) against ")
                .append(sampledName).append(" (sampled, no probes)\n");
        s.append("Shares: self time, all threads, of the time both profiles see: instrumented ")
                .append(SampleTypes.clock(p.instrumentedInfo())).append(" time, calibrated; sampled ")
                .append(SampleTypes.clock(p.sampledInfo()))
                .append(" time, each sample at its stack's deepest instrumented method (where the probes count it)\n");
        String commandI = command(p.instrumentedInfo());
        String commandS = command(p.sampledInfo());
        if (commandI != null && commandS != null && !commandI.equals(commandS)) {
            s.append("Warning: not the same command: ").append(commandI).append(" (instrumented), ").append(commandS)
                    .append(" (sampled)\n");
        }
        long runI = SampleTypes.durationNanos(p.instrumentedInfo());
        long runS = SampleTypes.durationNanos(p.sampledInfo());
        if (runI > 0 && runS > 0) {
            s.append(String.format(Locale.ROOT, "Run time: instrumented %s, without probes %s (%s)%n",
                    HumanUnits.nanos(runI), HumanUnits.nanos(runS), times((double) runI / runS)));
        }
        s.append(String.format(Locale.ROOT, "Recorded: instrumented %s calibrated%s, sampled %s in the same code (%s)%n",
                HumanUnits.nanos(p.instrumentedTotal()),
                p.instrumentedRawTotal() >= 0 ? " (" + HumanUnits.nanos(p.instrumentedRawTotal()) + " raw)" : "",
                HumanUnits.nanos(p.sampledCommon()), times(p.slowdown())));
        if (p.sampledTotal() > p.sampledCommon()) {
            s.append(String.format(Locale.ROOT, "Left out: %s of the sampled time (%s) had no instrumented method on"
                            + " its stack%n", HumanUnits.percent(100.0 * (p.sampledTotal() - p.sampledCommon()) / p.sampledTotal()),
                    HumanUnits.nanos(p.sampledTotal() - p.sampledCommon())));
        }
        ProbeEffect effect = p.probeEffect();
        s.append(effect == null ? "Probe effect: no estimate (too few calls of trivial methods)\n"
                : String.format(Locale.ROOT, "Probe effect: %.1f ns a call (what the trivial methods' calls showed)%n",
                effect.perCall()));
        if (p.samples() > 0) s.append(String.format(Locale.ROOT, "Samples: %,d%n", p.samples()));
        s.append(String.format(Locale.ROOT, "%8s %8s %8s %10s %10s %14s %10s  %s%n", "instr", "sampled", "diff",
                "instr", "sampled", "calls", "self", "method (probable cause)"));
        s.append(String.format(Locale.ROOT, "%8s %8s %8s %10s %10s %14s %10s%n", "share", "share", "points",
                "self", "self", "", "a call"));
        List<Perturbation.Row> rows = p.rows();
        int shown = 0;
        for (Perturbation.Row r : rows) {
            if (shown++ == top) break;
            s.append(String.format(Locale.ROOT, "%8s %8s %8s %10s %10s %,14d %10s  %s (%s)%n",
                    HumanUnits.percent(100 * r.instrumentedShare()), HumanUnits.percent(100 * r.sampledShare()),
                    (r.difference() > 0 ? "+" : "") + String.format(Locale.ROOT, "%.1f", 100 * r.difference()),
                    HumanUnits.nanos(r.instrumentedSelf()), HumanUnits.nanos(r.sampledSelf()), r.calls(),
                    r.calls() > 0 ? HumanUnits.nanos(Math.round((double) r.instrumentedSelf() / r.calls())) : "-",
                    r.method().signature(), r.cause().label()));
        }
        if (rows.size() > top) {
            s.append('(').append(rows.size() - top).append(rows.size() - top == 1 ? " more method" : " more methods")
                    .append("; --top N shows more)\n");
        }
        List<Perturbation.Unseen> unseen = p.uninstrumented();
        if (!unseen.isEmpty()) {
            s.append(String.format(Locale.ROOT, "Not instrumented: %s of the sampled time was in methods the instrumented"
                            + " run does not instrument (JDK or excluded code; counted above at their instrumented caller,"
                            + " as the probes count it, not as perturbation):%n",
                    HumanUnits.percent(100.0 * p.sampledUninstrumented() / p.sampledCommon())));
            for (int i = 0; i < Math.min(UNSEEN_SHOWN, unseen.size()); i++) {
                Perturbation.Unseen u = unseen.get(i);
                s.append(String.format(Locale.ROOT, "  %8s  %s%n", HumanUnits.percent(100.0 * u.sampledSelf() / p.sampledCommon()),
                        u.method().signature()));
            }
            if (unseen.size() > UNSEEN_SHOWN) s.append("  (").append(unseen.size() - UNSEEN_SHOWN).append(" more)\n");
        }
        return s.toString();
    }

    private static String times(double ratio) {
        return Double.isNaN(ratio) || Double.isInfinite(ratio) ? "-" : String.format(Locale.ROOT, "%.2fx", ratio);
    }

    /** The run's command, to say whether two profiles are of the same program; null when not recorded. */
    static String command(SnapshotInfo info) {
        return info.get(SnapshotInfo.JAVA_COMMAND);
    }
}
