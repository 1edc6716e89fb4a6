package org.candor.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.candor.core.report.HumanUnits;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The pprof export as pprof itself reads it: the demo program profiled, the real {@code candor report --format pprof}
 * written, and {@code go tool pprof -top} (Debian's golang-go, which .ci/run installs) lists the same top methods
 * with the same self time, total time and calls as {@code candor report}'s hot spots; its {@code -tags} has the
 * threads; and the profile as pprof rewrites it ({@code -proto}) imports back as the same tree.
 */
class PprofWithGoToolIT {

    private static final int TOP = 6;
    /** A row of pprof's -top: flat, flat%, sum%, cum, cum%, name. */
    private static final Pattern PPROF_ROW =
            Pattern.compile("^\\s*(\\d+)(?:ns)?\\s+\\S+%\\s+\\S+%\\s+(\\d+)(?:ns)?\\s+\\S+%\\s+(\\S+)\\s*$", Pattern.MULTILINE);
    /** A row of Candor's hot spots: self, percent, total, calls, method. */
    private static final Pattern HOT_SPOT_ROW =
            Pattern.compile("^\\s+(\\S+ \\S+)\\s+\\S+%\\s+(\\S+ \\S+)\\s+([\\d,]+)\\s+([^(\\s]+)\\(.*$", Pattern.MULTILINE);

    @TempDir Path dir;

    @Test
    void goToolPprofListsTheHotSpotsOfTheReport() throws Exception {
        Path go = Paths.get("/usr/bin/go");
        assumeTrue(Files.isExecutable(go), "no go here (.ci/run installs golang-go)");
        Path snapshot = dir.resolve("demo.candor");
        CandorCli profiled = CandorCli.run("profile", "--include", "org.candor.demo.**", "-o", snapshot.toString(),
                "--", CandorCli.JAVA, "-jar", CandorCli.demoJar(), "2000");
        assertThat(profiled.exitCode).as(profiled.toString()).isZero();
        Path pprof = dir.resolve("demo.pb.gz");
        CandorCli export = CandorCli.run("report", snapshot.toString(), "--format", "pprof", "-o", pprof.toString());
        assertThat(export.exitCode).as(export.toString()).isZero();
        assertThat(export.stdout).isEmpty();

        CandorCli text = CandorCli.run("report", snapshot.toString(), "--hot-spots", Integer.toString(TOP));
        assertThat(text.exitCode).as(text.toString()).isZero();
        String hotSpots = text.stdout.substring(text.stdout.indexOf("\nHot spots: top " + TOP + " of "));
        assertThat(hotSpots).contains("Self time  Percent  Total time       Calls  Method");
        List<String> candorRows = new ArrayList<>();
        Map<String, String> candorCalls = new HashMap<>();
        Matcher spot = HOT_SPOT_ROW.matcher(hotSpots);
        while (spot.find()) {
            candorRows.add(spot.group(4) + " self " + spot.group(1) + " total " + spot.group(2));
            candorCalls.put(spot.group(4), spot.group(3).replace(",", ""));
        }
        assertThat(candorRows).as(hotSpots).hasSize(TOP);

        CandorCli top = pprof(go, "-top", "-unit=ns", "-nodefraction=0", "-nodecount=" + TOP, pprof.toString());
        assertThat(top.stdout).contains("Type: wall");
        List<String> pprofRows = new ArrayList<>();
        Matcher row = PPROF_ROW.matcher(top.stdout);
        while (row.find()) {
            pprofRows.add(row.group(3) + " self " + HumanUnits.nanos(Long.parseLong(row.group(1)))
                    + " total " + HumanUnits.nanos(Long.parseLong(row.group(2))));
        }
        assertThat(pprofRows).as(top.stdout).isEqualTo(candorRows);

        CandorCli calls = pprof(go, "-top", "-sample_index=calls", "-nodefraction=0", "-nodecount=1000", pprof.toString());
        Map<String, String> pprofCalls = new HashMap<>();
        Matcher callRow = PPROF_ROW.matcher(calls.stdout);
        while (callRow.find()) pprofCalls.put(callRow.group(3), callRow.group(1));
        for (Map.Entry<String, String> c : candorCalls.entrySet()) {
            assertThat(pprofCalls.get(c.getKey())).as(c.getKey() + "\n" + calls.stdout).isEqualTo(c.getValue());
        }

        CandorCli tags = pprof(go, "-tags", pprof.toString());
        assertThat(tags.stdout).contains(" thread: Total").contains(": main\n").contains(": order-worker-1\n");

        goRewrittenProfileImportsAsTheSameTree(go, snapshot, pprof);
    }

    /** What pprof itself writes (its own encoder: its field order, its string table) imports as the same tree. */
    private void goRewrittenProfileImportsAsTheSameTree(Path go, Path snapshot, Path pprof) throws Exception {
        Path rewritten = dir.resolve("rewritten.pb.gz");
        pprof(go, "-proto", "-output=" + rewritten, pprof.toString());
        CandorCli imported = CandorCli.run("report", rewritten.toString(), "--format", "collapsed", "--per-thread",
                "--value", "self_samples");
        CandorCli original = CandorCli.run("report", snapshot.toString(), "--format", "collapsed", "--per-thread",
                "--value", "self");
        assertThat(imported.exitCode).as(imported.toString()).isZero();
        assertThat(sorted(imported.stdout)).isEqualTo(sorted(original.stdout)).isNotEmpty();
    }

    private static List<String> sorted(String lines) {
        List<String> sorted = new ArrayList<>(List.of(lines.split("\n")));
        sorted.sort(null);
        return sorted;
    }

    private CandorCli pprof(Path go, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(go.toString(), "tool", "pprof"));
        cmd.addAll(List.of(args));
        CandorCli r = CandorCli.exec(cmd);
        assertThat(r.exitCode).as(r.toString()).isZero();
        return r;
    }
}
