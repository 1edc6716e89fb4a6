package org.candor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.nio.file.Paths;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code candor compare A B} on two real runs of one program: what changed, method by method, largest first. */
class CompareIT {

    static final Path TEST_CLASSES = Paths.get("target", "test-classes").toAbsolutePath();
    static final String MAIN = "org.candor.cli.targets.Repeats";

    @TempDir Path dir;

    private Path profile(String name, String... programArgs) throws Exception {
        Path out = dir.resolve(name);
        java.util.List<String> cmd = new java.util.ArrayList<>(java.util.List.of("profile", "--include",
                "org.candor.cli.targets.**", "-o", out.toString(), "--", CandorCli.JAVA, "-cp", TEST_CLASSES.toString(), MAIN));
        cmd.addAll(java.util.List.of(programArgs));
        CandorCli r = CandorCli.run(cmd.toArray(new String[0]));
        assertThat(r.exitCode).as(r.toString()).isZero();
        return out;
    }

    @Test
    void callsThatChangedComeFirstAndAMethodOnlyBHasIsNew() throws Exception {
        Path a = profile("a.candor", "100");
        Path b = profile("b.candor", "300", "extra");
        CandorCli r = CandorCli.run("compare", "--metric", "calls", a.toString(), b.toString());
        assertThat(r.exitCode).as(r.toString()).isZero();
        assertThat(r.stdout.lines()).containsExactly(
                "Candor comparison by calls: A = " + a + " (baseline), B = " + b,
                "           A            B        B - A    change  method",
                "         100          300         +200   +200.0%  " + MAIN + ".step(int)",
                "           0            1           +1       new  " + MAIN + ".extra()",
                "           1            1            0      0.0%  " + MAIN + ".main(String[])");
    }

    @Test
    void badInputIsOneLine() throws Exception {
        Path a = profile("a.candor", "10");
        CandorCli one = CandorCli.run("compare", a.toString());
        assertThat(one.exitCode).isEqualTo(2);
        assertThat(one.stderr).isEqualTo("candor: error: compare: two snapshots, A (the baseline) and B\n");
        CandorCli metric = CandorCli.run("compare", "--metric", "samples", a.toString(), a.toString());
        assertThat(metric.exitCode).isEqualTo(2);
        assertThat(metric.stderr.lines()).hasSize(1).first().asString()
                .startsWith("candor: error: compare: the first snapshot has no 'samples' to compare");
    }
}
