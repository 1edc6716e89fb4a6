package org.candor.core.analysis;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.candor.core.model.MethodInfo;
import org.candor.core.model.Metric;
import org.candor.core.snapshot.SnapshotFile;
import org.candor.core.stats.WelchInterval;

/**
 * Several runs of a program before a change (A) and after it (B): per method, whether it got faster, slower, or
 * did not change beyond the runs' own noise. The one place that judges a change, for the command line's diff and
 * the app alike.
 *
 * <p>Each run gives each method one figure (its self time over all threads by default; a method a run lacks counts
 * 0 there). Per method, a Welch t interval of mean(B) - mean(A): Welch rather than a bootstrap because a few runs a
 * side (2 to 10) are what people afford, and a bootstrap from five values cannot see past their range (its intervals
 * come out too narrow), while Welch's is exact for normal noise, allows the two sides different spreads, and gives
 * the same answer every time (a CI job must not flip on a random seed). The intervals are simultaneous: with m
 * figures judged (each method, and the sum of all of them), each is at level 1 - (1 - confidence) / m (Bonferroni),
 * so that the chance of calling any unchanged method changed stays below 1 - confidence however many methods a
 * profile has. An interval wholly above 0 is slower, wholly below faster, else unchanged (no change the runs can
 * tell from noise); with fewer than two runs a side there is no variance, so no verdict.
 */
public final class RunComparison {

    /** What became of a method (or of the whole) from A to B. */
    public enum Verdict {
        SLOWER("slower"), FASTER("faster"), UNCHANGED("unchanged"), NOT_ENOUGH_RUNS("not enough runs");

        private final String label;

        Verdict(String label) { this.label = label; }

        /** The word the reports print. */
        public String label() { return label; }
    }

    /** One method's (or the sum's) figure in each run of A and of B, and the verdict on its change. */
    public static final class Change {
        private final String name;
        private final MethodInfo method;
        private final double[] a;
        private final double[] b;
        private final WelchInterval interval;
        private final Verdict verdict;

        Change(String name, MethodInfo method, double[] a, double[] b, double confidence) {
            this.name = name;
            this.method = method;
            this.a = a;
            this.b = b;
            this.interval = a.length < 2 || b.length < 2 ? null : WelchInterval.of(a, b, confidence);
            this.verdict = interval == null ? Verdict.NOT_ENOUGH_RUNS
                    : interval.low() > 0 ? Verdict.SLOWER : interval.high() < 0 ? Verdict.FASTER : Verdict.UNCHANGED;
        }

        /** The method's signature, or "(all methods)" for the sum. */
        public String name() { return name; }
        /** The method; null for the sum. */
        public MethodInfo method() { return method; }
        public double[] a() { return a.clone(); }
        public double[] b() { return b.clone(); }
        public double meanA() { return WelchInterval.mean(a); }
        public double meanB() { return WelchInterval.mean(b); }
        /** The interval of mean(B) - mean(A); null with fewer than two runs a side. */
        public WelchInterval interval() { return interval; }
        public Verdict verdict() { return verdict; }

        /** The interval's low end as a share of A's mean (+0.1: 10 % slower at least); NaN without one or A's mean 0. */
        public double relativeLow() { return relative(interval == null ? Double.NaN : interval.low()); }
        public double relativeHigh() { return relative(interval == null ? Double.NaN : interval.high()); }
        /** mean(B) - mean(A) as a share of A's mean; NaN when A's mean is 0. */
        public double relativeChange() { return relative(meanB() - meanA()); }

        /**
         * Slower, and by more than {@code percent} of A's mean even at the interval's low end: a regression a CI
         * job may fail on. A method A never ran is judged by its interval alone.
         */
        public boolean slowerByMoreThan(double percent) {
            if (verdict != Verdict.SLOWER) return false;
            double meanA = meanA();
            return meanA == 0 || interval.low() > percent / 100 * meanA;
        }

        private double relative(double v) {
            double meanA = meanA();
            return meanA == 0 ? Double.NaN : v / meanA;
        }
    }

    private final Metric metric;
    private final double confidence;
    private final double eachConfidence;
    private final List<Change> methods;
    private final Change total;
    private final int runsA;
    private final int runsB;

    private RunComparison(Metric metric, double confidence, int runsA, int runsB, List<String> names,
                          List<MethodInfo> infos, double[][] a, double[][] b) {
        this.metric = metric;
        this.confidence = confidence;
        this.runsA = runsA;
        this.runsB = runsB;
        boolean summable = !metric.inclusive(); // totals of nested methods overlap: their sum is no run's figure
        int judged = names.size() + (summable ? 1 : 0);
        this.eachConfidence = 1 - (1 - confidence) / Math.max(1, judged);
        List<Change> changes = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) changes.add(new Change(names.get(i), infos.get(i), a[i], b[i], eachConfidence));
        changes.sort(Comparator.comparingInt((Change c) -> c.verdict.ordinal())
                .thenComparing(Comparator.comparingDouble((Change c) -> Math.abs(c.meanB() - c.meanA())).reversed())
                .thenComparing(Change::name));
        this.methods = changes;
        this.total = summable ? new Change("(all methods)", null, sum(a, runsA), sum(b, runsB), eachConfidence) : null;
    }

    /**
     * Compares runs read in place (their calibrated or raw values already selected).
     *
     * @param metricKey the figure compared per run, e.g. {@code self_time}
     * @param confidence the chance, e.g. 0.95, that no method is called changed by noise alone
     * @throws IllegalArgumentException a run without that figure, no run on a side, or a level not in (0, 1)
     */
    public static RunComparison of(List<SnapshotFile> a, List<SnapshotFile> b, String metricKey, double confidence)
            throws IOException {
        if (a.isEmpty() || b.isEmpty()) throw new IllegalArgumentException("no runs " + (a.isEmpty() ? "before (A)" : "after (B)"));
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("a confidence level between 0 and 1, not " + confidence);
        }
        Map<String, Integer> index = new LinkedHashMap<>();
        List<MethodInfo> infos = new ArrayList<>();
        List<double[]> values = new ArrayList<>();
        int runs = a.size() + b.size();
        Metric metric = null;
        List<SnapshotFile> all = new ArrayList<>(a);
        all.addAll(b);
        boolean nameOnly = SnapshotComparison.byNameOnly(all);
        for (int r = 0; r < runs; r++) {
            SnapshotFile file = r < a.size() ? a.get(r) : b.get(r - a.size());
            int k = file.metricIndex(metricKey);
            if (k < 0) {
                throw new IllegalArgumentException("run " + (r < a.size() ? r + 1 + " of A" : r - a.size() + 1 + " of B")
                        + " has no '" + metricKey + "' to compare");
            }
            if (metric == null) metric = file.metrics().get(k);
            for (HotSpot h : HotSpots.compute(file, file.threads())) {
                long v = h.value(k);
                if (v == 0) continue;
                String key = SnapshotComparison.key(h.method(), nameOnly);
                Integer i = index.get(key);
                if (i == null) {
                    index.put(key, i = infos.size());
                    MethodInfo m = h.method();
                    // matched by name, the figure is all overloads': no one descriptor names it
                    infos.add(nameOnly ? new MethodInfo(m.id(), m.className(), m.name(), "") : m);
                    values.add(new double[runs]);
                }
                values.get(i)[r] += v;
            }
        }
        List<String> names = new ArrayList<>();
        double[][] va = new double[infos.size()][];
        double[][] vb = new double[infos.size()][];
        for (int i = 0; i < infos.size(); i++) {
            names.add(infos.get(i).signature());
            va[i] = Arrays.copyOfRange(values.get(i), 0, a.size());
            vb[i] = Arrays.copyOfRange(values.get(i), a.size(), runs);
        }
        return new RunComparison(metric, confidence, a.size(), b.size(), names, infos, va, vb);
    }

    /** The figure compared. */
    public Metric metric() { return metric; }
    public int runsA() { return runsA; }
    public int runsB() { return runsB; }
    /** The chance that no method is called changed by noise alone. */
    public double confidence() { return confidence; }
    /** Each interval's own level: {@link #confidence} shared out among the figures judged. */
    public double eachConfidence() { return eachConfidence; }

    /** Every method any run has: slower ones first, then faster, unchanged; larger changes first within each. */
    public List<Change> methods() { return methods; }

    /** The sum over all methods per run (a run's whole self time, say); null for an inclusive figure. */
    public Change total() { return total; }

    /**
     * The whole change: not enough runs with fewer than two a side; slower when any method (or the sum) is; else
     * faster when any is; else unchanged.
     */
    public Verdict overall() {
        if (runsA < 2 || runsB < 2) return Verdict.NOT_ENOUGH_RUNS;
        boolean faster = total != null && total.verdict == Verdict.FASTER;
        if (total != null && total.verdict == Verdict.SLOWER) return Verdict.SLOWER;
        for (Change c : methods) {
            if (c.verdict == Verdict.SLOWER) return Verdict.SLOWER;
            faster |= c.verdict == Verdict.FASTER;
        }
        return faster ? Verdict.FASTER : Verdict.UNCHANGED;
    }

    /**
     * The sum and the methods slower by more than {@code percent} even at their interval's low end ({@link
     * Change#slowerByMoreThan}).
     */
    public List<Change> slowerByMoreThan(double percent) {
        List<Change> out = new ArrayList<>();
        if (total != null && total.slowerByMoreThan(percent)) out.add(total);
        for (Change c : methods) if (c.slowerByMoreThan(percent)) out.add(c);
        return out;
    }

    private static double[] sum(double[][] values, int runs) {
        double[] s = new double[runs];
        for (double[] v : values) for (int r = 0; r < runs; r++) s[r] += v[r];
        return s;
    }
}
