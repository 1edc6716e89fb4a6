package org.candor.bench.live;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.candor.client.ControlClient;
import org.candor.core.analysis.CalibratedValues;
import org.candor.core.model.Snapshot;
import org.candor.core.snapshot.SnapshotReader;
import org.candor.ui.model.RefreshPace;
import org.candor.ui.model.snapshot.SnapshotSource;

/**
 * What the app's Live Results window does to a session while it is open (ui-live's LiveResultsPanel through its
 * Poller and LiveSessions): every PERIOD ms, one connection to the session's control channel, {@code live PATHS FILE}
 * (each thread's heaviest PATHS call paths, as the app asks since 2026-11-28) or {@code snapshot FILE} (every path),
 * and the file read back and its calibrated view selected. Driven on stdin, so that the window can be "opened"
 * and "closed" without starting a JVM each time (the app runs on either way):
 *
 * <pre>
 *   on     refresh every PERIOD ms from now on
 *   period MS   refresh every MS ms at the next "on" (prints "period MS")
 *   period paced   at the next "on", refresh at the app's pace: ui-model's RefreshPace after each refresh
 *   whole | in-place   read the file back whole into objects (the app until 2026-11-26), or in place (the default,
 *          as the app: the thread choice shown first and its hot path read, nothing else)
 *   paths N | paths app | paths all   at the next "on", ask for each thread's N heaviest paths (app, the default:
 *          RefreshPace.LIVE_PATHS_PER_THREAD) or for every path, as the app did until 2026-11-27 (prints "paths ...")
 *   off    stop; prints "refreshes N snapshot_ms MEDIAN read_ms MEDIAN cpu_ms PER_REFRESH bytes LAST_SIZE nodes NODES"
 *          (cpu_ms: this JVM's CPU time while on, per refresh)
 *   quit
 * </pre>
 *
 * {@code java -cp <candor lib>/*:<classes> org.candor.bench.live.Refresher PID PERIOD_MS SCRATCH_FILE}
 */
public final class Refresher {

    public static void main(String[] args) throws Exception {
        long pid = Long.parseLong(args[0]);
        long[] period = {parsePeriod(args[1])};
        Path scratch = Path.of(args[2]).toAbsolutePath();
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "refresher");
            t.setDaemon(true);
            return t;
        });
        List<Double> snapshotMs = Collections.synchronizedList(new ArrayList<>());
        List<Double> readMs = Collections.synchronizedList(new ArrayList<>());
        long[] last = new long[2];
        long[] lastCosts = new long[2];
        java.util.concurrent.Future<?> running = null;
        long cpuAtOn = 0;
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        System.out.println("ready");
        System.out.flush();
        for (String line; (line = in.readLine()) != null; ) {
            String command = line.trim();
            if (command.equals("whole") || command.equals("in-place")) {
                inPlace = command.equals("in-place");
                System.out.println(command);
                System.out.flush();
                continue;
            }
            if (command.startsWith("paths ")) {
                String n = command.substring(6).trim();
                paths = n.equals("all") ? 0 : n.equals("app") ? RefreshPace.LIVE_PATHS_PER_THREAD : Integer.parseInt(n);
                System.out.println("paths " + (paths == 0 ? "all" : Integer.toString(paths)));
                System.out.flush();
                continue;
            }
            if (command.startsWith("period ")) {
                period[0] = parsePeriod(command.substring(7).trim());
                System.out.println("period " + (period[0] == PACED ? "paced" : Long.toString(period[0])));
                System.out.flush();
                continue;
            }
            switch (command) {
                case "on":
                    snapshotMs.clear();
                    readMs.clear();
                    cpuAtOn = LiveTarget.processCpu();
                    Runnable refresh = () -> {
                        try {
                            long t0 = System.nanoTime();
                            ControlClient.Reply r;
                            try (ControlClient c = ControlClient.connect(pid, 60_000)) {
                                r = c.command(paths > 0 ? "live " + paths + " " + scratch : "snapshot " + scratch);
                            }
                            if (!r.ok) throw new IllegalStateException(r.text);
                            long t1 = System.nanoTime();
                            long nodes;
                            if (inPlace) {
                                // as Live Results since 2026-11-26: the file read in place, the calibrated times,
                                // the first thread choice (all merged) with its hot path's rows, as the call tree opens
                                try (SnapshotSource opened = SnapshotSource.openInPlace(scratch)) {
                                    SnapshotSource shown = opened.withRawTimes(false);
                                    shown.select(shown.threadChoices().get(0));
                                    nodes = shown.paths();
                                }
                            } else {
                                Snapshot s = CalibratedValues.select(SnapshotReader.read(scratch), false);
                                nodes = s.threads().stream().mapToLong(t -> count(t.root())).sum();
                            }
                            long t2 = System.nanoTime();
                            snapshotMs.add((t1 - t0) / 1e6);
                            readMs.add((t2 - t1) / 1e6);
                            lastCosts[0] = t1 - t0;
                            lastCosts[1] = t2 - t1;
                            last[0] = Files.size(scratch);
                            last[1] = nodes;
                        } catch (Exception e) {
                            System.out.println("error " + e);
                            System.out.flush();
                        }
                    };
                    if (period[0] == PACED) {
                        // as the app's Live Results: the next refresh after the pace the last one's cost calls for
                        Paced paced = new Paced(timer, refresh, lastCosts);
                        running = paced;
                        paced.schedule(0);
                    } else {
                        running = timer.scheduleAtFixedRate(refresh, 0, period[0], TimeUnit.MILLISECONDS);
                    }
                    System.out.println("on");
                    break;
                case "off":
                    if (running != null) running.cancel(false);
                    running = null;
                    // a refresh in flight finishes first
                    timer.submit(() -> { }).get();
                    double cpuMs = (LiveTarget.processCpu() - cpuAtOn) / 1e6 / Math.max(1, snapshotMs.size());
                    System.out.println("refreshes " + snapshotMs.size() + " snapshot_ms " + median(snapshotMs)
                            + " read_ms " + median(readMs) + " cpu_ms " + Math.round(cpuMs * 10) / 10.0
                            + " bytes " + last[0] + " nodes " + last[1]);
                    break;
                case "quit":
                    return;
                default:
                    System.out.println("? " + line);
            }
            System.out.flush();
        }
    }

    /** {@code period paced}: the app's pace ({@link RefreshPace}), not a fixed period. */
    static final long PACED = -1;
    /** Read as the app's Live Results do: in place (or whole, into objects, as before). */
    private static volatile boolean inPlace = true;
    /** Each thread's heaviest this many paths ({@code live}); 0: every path ({@code snapshot}). */
    private static volatile int paths = RefreshPace.LIVE_PATHS_PER_THREAD;

    private static long parsePeriod(String text) {
        return text.equals("paced") ? PACED : Long.parseLong(text);
    }

    /** Refreshes one after another, each after the period RefreshPace gives for the last one's cost; cancel stops it. */
    private static final class Paced extends java.util.concurrent.FutureTask<Void> {
        private final ScheduledExecutorService timer;
        private final Runnable refresh;
        private final long[] lastCosts;
        private volatile boolean stopped;

        Paced(ScheduledExecutorService timer, Runnable refresh, long[] lastCosts) {
            super(() -> null);
            this.timer = timer;
            this.refresh = refresh;
            this.lastCosts = lastCosts;
        }

        void schedule(long delayMillis) {
            if (stopped) return;
            timer.schedule(() -> {
                if (stopped) return;
                refresh.run();
                schedule(RefreshPace.periodMillis(lastCosts[0], lastCosts[1]));
            }, delayMillis, TimeUnit.MILLISECONDS);
        }

        @Override public boolean cancel(boolean interrupt) {
            stopped = true;
            return super.cancel(interrupt);
        }
    }

    private static long count(org.candor.core.model.CallNode node) {
        long n = 1;
        for (org.candor.core.model.CallNode child : node.children()) n += count(child);
        return n;
    }

    private static double median(List<Double> values) {
        if (values.isEmpty()) return Double.NaN;
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        return Math.round(sorted.get(sorted.size() / 2) * 10) / 10.0;
    }
}
