package org.candor.agent.calibration;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.candor.agent.AgentLog;
import org.candor.agent.options.AgentOptions;
import org.candor.core.model.Snapshot;
import org.candor.probe.Calibration;
import org.candor.probe.CalibrationSettings;
import org.candor.probe.ThreadRegistry;
import org.candor.probe.ThreadState;

/**
 * Calibration for one instrumentation session: sets the probes' mode before they run, loads the minima of an
 * earlier run (calstats=FILE), puts the constants into the snapshot and writes them back at exit.
 */
public final class CalibrationSession {

    private final AgentOptions options;
    /** This JVM's, computed once at start (none of it changes while the JVM runs); null without a statistics file. */
    private final Map<String, String> fingerprint;
    private final Path statsFile;
    /** False when the file exists but was rejected: it is someone else's and is left as it is. */
    private final boolean mayWriteStats;
    private final long[] loadedCounts;
    private boolean loaded;
    private boolean loadedFromTrainer;

    private CalibrationSession(AgentOptions options, Map<String, String> fingerprint, Path statsFile,
                               boolean mayWriteStats, long[] loadedCounts) {
        this.options = options;
        this.fingerprint = fingerprint;
        this.statsFile = statsFile;
        this.mayWriteStats = mayWriteStats;
        this.loadedCounts = loadedCounts;
    }

    /** Before the first probe runs: fixes the probes' calibration mode and loads earlier minima. */
    public static CalibrationSession configure(AgentOptions options) {
        int mode;
        switch (options.calibration()) {
            case OFF: mode = CalibrationSettings.OFF; break;
            case FROZEN: mode = CalibrationSettings.FROZEN; break;
            default: mode = CalibrationSettings.RUNTIME;
        }
        CalibrationSettings.set(mode, options.warmupDelay(), options.warmupCount());
        CalibrationSettings.trainer(options.trainer());
        CalibrationSettings.measureEvery(options.measureEvery());
        if (mode != CalibrationSettings.OFF) {
            long read = CalibrationSettings.leavingReadTicks();  // measured now, before the first probe
            AgentLog.debug("probe time measured every " + CalibrationSettings.measureEvery() + " events on average;"
                    + " a leaving clock reading costs " + read + " ticks");
        }
        if (options.calstats() == null || mode == CalibrationSettings.OFF) {
            return new CalibrationSession(options, null, null, false, null);
        }
        Map<String, String> fingerprint = CalibrationFingerprint.current();
        boolean auto = options.calstats().equals("auto");
        Path file = auto ? CalibrationFingerprint.cacheFile(fingerprint) : Path.of(options.calstats());
        boolean write = options.calstatsWrite();
        try {
            CalibrationStatsFile.Contents c = CalibrationStatsFile.read(file);
            if (c == null) {
                if (auto && !write) {
                    AgentLog.info("no calibration statistics for this JVM and CPU yet: times are calibrated from this"
                            + " run alone (run 'candor calibrate' once for minima from the trainer)");
                } else {
                    AgentLog.debug("calibration statistics " + file + " do not exist yet; they are written at exit");
                }
                return new CalibrationSession(options, fingerprint, file, write, null);
            }
            String difference = CalibrationFingerprint.difference(c.fingerprint, fingerprint);
            if (difference != null) {
                throw new CalibrationFileException(file, "was written for another setup (" + difference + ")");
            }
            boolean fromTrainer = c.source.equals("trainer");
            Calibration.preload(c.minima, c.floors, fromTrainer);
            AgentLog.debug("calibration minima loaded from " + file);
            CalibrationSession session = new CalibrationSession(options, fingerprint, file, write, c.counts);
            session.loaded = true;
            session.loadedFromTrainer = fromTrainer;
            return session;
        } catch (CalibrationFileException e) {
            AgentLog.warn(e.getMessage() + "; not used and not overwritten, calibrating from this run alone"
                    + " (delete it or name another file to keep this run's minima)");
            return new CalibrationSession(options, fingerprint, file, false, null);
        }
    }

    public boolean calibrated() { return CalibrationSettings.mode() != CalibrationSettings.OFF; }

    /** Whether the minima started from a statistics file ({@code file}) or from this run alone ({@code run}). */
    public String minimaSource() { return loaded ? "file" : "run"; }

    /** The statistics file in use (loaded or to be written), or null. */
    public Path statsFile() { return statsFile; }

    public String modeName() { return CalibrationSettings.modeName(CalibrationSettings.mode()); }

    /**
     * At a snapshot: the constants go into it, and the minima to the statistics file when one is being written. The
     * threads' section histograms are merged once for both.
     */
    public void finish(Snapshot snapshot, double nanosPerTick) {
        if (!calibrated()) return;
        SectionStats merged = SectionStats.merge(ThreadRegistry.all());
        addStats(snapshot, merged, nanosPerTick);
        writeStats(merged, nanosPerTick);
    }

    /** The constants and their spread, as {@code calibration.<category>.<field>} statistics (picoseconds). */
    private void addStats(Snapshot snapshot, SectionStats merged, double nanosPerTick) {
        long[] min = Calibration.minima();
        long[] floor = Calibration.floors();
        for (int c = 0; c < Calibration.CATEGORIES; c++) {
            if (merged.count(c) == 0 && min[c] == Long.MAX_VALUE) continue;
            String key = "calibration." + Calibration.categoryName(c) + ".";
            snapshot.putStat(key + "count", merged.count(c));
            if (min[c] != Long.MAX_VALUE) {
                snapshot.putStat(key + "min_ps", picos(min[c], nanosPerTick));
                snapshot.putStat(key + "floor_ps", picos(floor[c], nanosPerTick));
                long correction = Calibration.currentCorrection(c);
                if (correction >= 0) snapshot.putStat(key + "correction_ps", picos(correction, nanosPerTick));
            }
            if (merged.count(c) > 0) snapshot.putStat(key + "median_ps", picos(merged.median(c), nanosPerTick));
        }
        snapshot.putStat("calibration.warmup.phase", Calibration.warmupPhase());
        snapshot.putStat("calibration.warmup.events", Calibration.warmupEvents());
        snapshot.putStat("calibration.measure_every", CalibrationSettings.measureEvery());
        snapshot.putStat("calibration.leaving_read_ps", picos(CalibrationSettings.leavingReadTicks(), nanosPerTick));
    }

    /** The minima for the next run, unless the file was rejected. */
    private void writeStats(SectionStats merged, double nanosPerTick) {
        if (statsFile == null || !mayWriteStats) return;
        long[] counts = new long[Calibration.CATEGORIES];
        for (int c = 0; c < counts.length; c++) counts[c] = merged.count(c) + (loadedCounts == null ? 0 : loadedCounts[c]);
        long[] minima = Calibration.minima();
        if (options.trainer()) typicalMinimalSections(minima);
        String source = options.trainer() || loadedFromTrainer ? "trainer" : "run";
        try {
            CalibrationStatsFile.write(statsFile, fingerprint, source, minima, Calibration.floors(), counts, nanosPerTick);
            AgentLog.debug("calibration minima written to " + statsFile);
        } catch (IOException | RuntimeException e) {
            AgentLog.error("cannot write calibration statistics " + statsFile + ": " + e.getMessage());
        }
    }

    /**
     * The trainer's sections are minimal by construction: their mean (without outliers above twice the median) is
     * the residual cost, free of the low bias of a minimum (clock granularity, out-of-order reads).
     */
    private static void typicalMinimalSections(long[] minima) {
        long[][] exact = new long[Calibration.CATEGORIES][];
        for (ThreadState t : ThreadRegistry.all()) {
            int[][] c = t.exactSectionCounts();
            if (c == null) continue;
            for (int cat = 0; cat < c.length; cat++) {
                if (c[cat] == null) continue;
                if (exact[cat] == null) exact[cat] = new long[c[cat].length];
                for (int v = 0; v < c[cat].length; v++) exact[cat][v] += c[cat][v];
            }
        }
        for (int cat = 0; cat < exact.length; cat++) {
            long[] c = exact[cat];
            if (c == null) continue;
            long n = 0;
            for (long k : c) n += k;
            if (n < Calibration.CONFIDENT) continue;
            long median = 0;
            for (long seen = 0; median < c.length; median++) {
                seen += c[(int) median];
                if (seen * 2 >= n) break;
            }
            long sum = 0;
            long kept = 0;
            for (int v = 0; v < c.length && v <= 2 * median; v++) {
                sum += c[v] * v;
                kept += c[v];
            }
            if (kept > 0) minima[cat] = Math.round((double) sum / kept);
        }
    }

    private static long picos(long ticks, double nanosPerTick) {
        return Math.round(ticks * nanosPerTick * 1000);
    }

    /** The per-thread section histograms summed. */
    static final class SectionStats {
        private final long[][] counts = new long[Calibration.CATEGORIES][];
        private final long[] totals = new long[Calibration.CATEGORIES];

        static SectionStats merge(ThreadState[] threads) {
            SectionStats s = new SectionStats();
            for (ThreadState t : threads) {
                int[][] c = t.sectionCounts();
                if (c == null) continue;
                for (int cat = 0; cat < c.length; cat++) {
                    if (c[cat] == null) continue;
                    if (s.counts[cat] == null) s.counts[cat] = new long[c[cat].length];
                    for (int b = 0; b < c[cat].length; b++) {
                        s.counts[cat][b] += c[cat][b];
                        s.totals[cat] += c[cat][b];
                    }
                }
            }
            return s;
        }

        long count(int cat) { return totals[cat]; }

        /** The lower bound of the bucket holding the median (within a quarter octave). */
        long median(int cat) {
            long half = (count(cat) + 1) / 2;
            long seen = 0;
            long[] c = counts[cat];
            for (int b = 0; b < c.length; b++) {
                seen += c[b];
                if (seen >= half) return ThreadState.sectionBucketLowerBound(b);
            }
            return 0;
        }
    }
}
