package org.candor.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.candor.core.testing.CallNodes.below;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.candor.core.model.CallNode;
import org.candor.core.model.FlatProfile;
import org.candor.core.model.Snapshot;
import org.candor.core.model.ThreadProfile;
import org.candor.core.snapshot.SnapshotReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A program that overflows its stack under the probes and catches the error ({@code Overflows}): the overflow may
 * strike inside a probe, half-way through an event. Every figure stays within the wall time of its thread as the
 * program measured it, a child's total within its parent's, a method's self time within its time on the stack, and
 * the work after each overflow is all counted.
 */
class OverflowIT {

    static final String MAIN = "org.candor.cli.targets.Overflows";
    /** The thread's first call and last exit lie outside the program's own reading of its wall time. */
    static final long SLACK_NS = 20_000_000;
    /** Ticks convert to ns node by node: a sum of rounded values may pass a rounded total by up to 1 ns a node. */
    static final long ROUNDING_NS = 1_000;

    @TempDir Path dir;

    @Test
    void anOverflowCaughtByTheProgramLeavesEveryFigureWithinItsThreadsWallTime() throws Exception {
        Path out = dir.resolve("overflows.candor");
        CandorCli r = CandorCli.run("profile", "--include", "org.candor.cli.targets.**", "-o", out.toString(), "--",
                CandorCli.JAVA, "-cp", CompareIT.TEST_CLASSES.toString(), MAIN);
        assertThat(r.exitCode).as(r.toString()).isZero();
        Map<String, Long> wall = new HashMap<>();
        r.stdout.lines().filter(l -> l.startsWith("wall ")).forEach(l -> {
            String[] p = l.split(" ");
            wall.put(p[1], Long.parseLong(p[2]));
        });
        assertThat(r.stdout).contains("leaf 3200000");
        assertThat(wall).containsKeys("main", "main()", "small-192", "small-256", "small-320");

        Snapshot s = SnapshotReader.read(out);
        assertThat(s.stat("calls.dropped")).isZero();
        int[] times = {s.metricIndex("total_time"), s.metricIndex("raw_total_time"), s.metricIndex("self_time"),
                s.metricIndex("raw_self_time")};
        long leaves = 0;
        for (ThreadProfile t : s.threads()) {
            // main also waits for the others: its wall time is main()'s
            long limit = (t.name().equals("main") ? wall.get("main()") : wall.get(t.name())) + SLACK_NS;
            for (int m : times) {
                assertThat(t.root().value(m)).as("%s %s", t.name(), s.metrics().get(m).key()).isLessThanOrEqualTo(limit);
            }
            List<CallNode> all = below(t.root());
            long rounding = ROUNDING_NS + all.size();
            for (CallNode n : all) {
                for (int m : times) assertThat(n.value(m)).as("%s: a node's %s", t.name(), s.metrics().get(m).key()).isBetween(0L, limit);
                for (CallNode c : n.children()) {
                    assertThat(c.value(times[0])).as("%s: a child's total", t.name()).isLessThanOrEqualTo(n.value(times[0]));
                    assertThat(c.value(times[1])).as("%s: a child's raw total", t.name()).isLessThanOrEqualTo(n.value(times[1]));
                }
                if (s.methods().get(n.methodId()).name().equals("leaf")) leaves += n.value(s.metricIndex("calls"));
            }
            FlatProfile flat = t.flat();
            for (int row = 0; row < flat.size(); row++) {
                String method = t.name() + ": " + s.methods().get(flat.method(row)).name();
                assertThat(flat.value(row, times[1])).as(method + " raw total").isLessThanOrEqualTo(limit);
                // a method's time on the stack lies within its thread's time
                assertThat(flat.value(row, times[0])).as(method + " total").isLessThanOrEqualTo(t.root().value(times[0]) + rounding);
                assertThat(flat.value(row, times[1])).as(method + " raw total").isLessThanOrEqualTo(t.root().value(times[1]) + rounding);
                assertThat(flat.value(row, times[3])).as(method + " raw self").isLessThanOrEqualTo(flat.value(row, times[1]) + rounding);
                assertThat(flat.value(row, times[2])).as(method + " self").isLessThanOrEqualTo(flat.value(row, times[0]) + rounding);
            }
        }
        assertThat(leaves).as("every call of the work after the overflows").isEqualTo(3_200_000);
    }
}
