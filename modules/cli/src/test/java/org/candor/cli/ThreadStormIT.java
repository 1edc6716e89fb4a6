package org.candor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.candor.core.model.FlatProfile;
import org.candor.core.model.Snapshot;
import org.candor.core.model.ThreadProfile;
import org.candor.core.snapshot.SnapshotReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Thousands of short threads ({@code ThreadStorm}): threads that have ended leave the thread limit to live ones (their
 * trees folded into one per name past the ones kept), so no thread loses its calls, the snapshot stays small and says
 * how many were folded into what; and where threads are left out, the report names the limit that did it.
 */
class ThreadStormIT {

    static final String MAIN = "org.candor.cli.targets.ThreadStorm";

    @TempDir Path dir;

    @Test
    void endedThreadsAreFoldedByNameAndEveryCallOfEveryThreadCounts() throws Exception {
        Path out = dir.resolve("storm.candor");
        CandorCli r = profile(out, "maxthreads=400", "3000");
        assertThat(r.stdout).contains("work 3000");

        Snapshot s = SnapshotReader.read(out);
        assertThat(s.stat("threads.not_recorded")).as("no thread lost its calls").isZero();
        assertThat(s.stat("calls.dropped")).isZero();
        // at most half the thread limit keep their own trees; the others are folded (but the last few, not yet
        // looked at when the program ended)
        assertThat(s.stat("threads.ended_kept")).isEqualTo(200);
        assertThat(s.stat("threads.folded")).isGreaterThan(3000 - 200 - 50);
        assertThat(s.threads().size()).isLessThan(200 + 50 + 2);
        ThreadProfile group = s.threads().stream().filter(t -> t.name().equals("storm-* (ended threads)")).findFirst().orElseThrow();
        assertThat(s.info().get("threads.folded.groups"))
                .isEqualTo(String.format(Locale.ROOT, "storm-* (ended threads): %,d", s.stat("threads.folded")));
        Map<String, Long> calls = flatCalls(s);
        assertThat(calls).containsEntry("work", 3000L).containsEntry("leaf", 9000L);
        assertThat(flatCalls(s, group).get("work")).isEqualTo(s.stat("threads.folded"));

        CandorCli report = CandorCli.run("report", out.toString());
        assertThat(report.exitCode).as(report.toString()).isZero();
        assertThat(report.stdout).contains(String.format(Locale.ROOT, "%,d ended threads were folded into one"
                + " thread per name (storm-* (ended threads): %,d): every call and time is counted there, not thread by"
                + " thread (the threads that ended after the first 200)", s.stat("threads.folded"), s.stat("threads.folded")));
    }

    @Test
    void threadsLeftOutAreNamedWithTheLimitThatLeftThemOut() throws Exception {
        Path out = dir.resolve("at-once.candor");
        // sixty threads alive at once, and main: twenty have trees
        CandorCli r = profile(out, "maxthreads=20", "60", "60");
        assertThat(r.stdout).contains("work 60");
        Snapshot s = SnapshotReader.read(out);
        assertThat(s.stat("threads.not_recorded")).isEqualTo(41);
        assertThat(s.stat("threads.limit")).isEqualTo(20);
        CandorCli report = CandorCli.run("report", out.toString());
        assertThat(report.stdout).contains("41 threads were not recorded: more than maxthreads=20 threads had a tree of"
                + " their own at once (storm-");
        assertThat(report.stdout).doesNotContain("tree budget");
    }

    private CandorCli profile(Path out, String limit, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("profile", "--include", "org.candor.cli.targets.**", "--agent-option",
                limit, "-o", out.toString(), "--", CandorCli.JAVA, "-cp", CompareIT.TEST_CLASSES.toString(), MAIN));
        cmd.addAll(List.of(args));
        CandorCli r = CandorCli.run(cmd.toArray(new String[0]));
        assertThat(r.exitCode).as(r.toString()).isZero();
        return r;
    }

    /** Calls per method name over all threads (the exact flat figures). */
    private static Map<String, Long> flatCalls(Snapshot s) {
        Map<String, Long> m = new HashMap<>();
        for (ThreadProfile t : s.threads()) flatCalls(s, t).forEach((k, v) -> m.merge(k, v, Long::sum));
        return m;
    }

    private static Map<String, Long> flatCalls(Snapshot s, ThreadProfile t) {
        Map<String, Long> m = new HashMap<>();
        FlatProfile flat = t.flat();
        int calls = s.metricIndex("calls");
        for (int row = 0; row < flat.size(); row++) {
            m.merge(s.methods().get(flat.method(row)).name(), flat.value(row, calls), Long::sum);
        }
        return m;
    }
}
