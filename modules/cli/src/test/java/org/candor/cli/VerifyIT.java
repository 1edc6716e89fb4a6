package org.candor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * candor verify, run for real on jars of the distribution itself and a module of this JDK: every class instrumented
 * as the agent would and verified, the figures in one line per jar, exit 0; bad input one line and a non-zero exit.
 */
class VerifyIT {

    @TempDir Path dir;

    @Test
    void theDistributionsOwnJarsAndAJdkModuleVerifyWithProbes() throws Exception {
        Path core = CandorCli.HOME.resolve("lib/candor-core.jar");
        CandorCli r = CandorCli.run("verify", core.toString(), "jrt:/java.logging");
        assertThat(r.exitCode).as(r.toString()).isZero();
        assertThat(r.stderr).as(r.toString()).isEmpty();
        String[] lines = r.stdout.split("\n");
        assertThat(lines[0]).matches("candor-core\\.jar: [1-9]\\d* classes, [1-9]\\d* instrumented; [1-9]\\d* methods"
                + " checked \\([1-9]\\d* with probes\\); 0 failures caused by Candor");
        assertThat(r.stdout).containsPattern("(?m)^jrt:/java\\.logging: [1-9]\\d* classes, [1-9]\\d* instrumented; .*; 0"
                + " failures caused by Candor$");
        assertThat(lines[lines.length - 1]).matches("total: 2 sources, \\d+ classes and \\d+ methods checked, 0 failures"
                + " caused by Candor");
    }

    @Test
    void badInputIsOneLine() throws Exception {
        Path text = Files.writeString(dir.resolve("notes.jar"), "not a zip");
        oneLine(CandorCli.run("verify", dir.resolve("gone.jar").toString()), 1,
                "candor: error: no such jar: " + dir.resolve("gone.jar"));
        CandorCli r = CandorCli.run("verify", text.toString());
        assertThat(r.exitCode).as(r.toString()).isEqualTo(1);
        assertThat(r.stderr).as(r.toString()).startsWith("candor: error: not a jar (").endsWith(text + "\n")
                .hasLineCount(1);
        oneLine(CandorCli.run("verify", "jrt:/no.such"), 1, "candor: error: no module 'no.such' in this JDK ("
                + System.getProperty("java.home") + "); e.g. jrt:/java.base");
        oneLine(CandorCli.run("verify", "--scheme", "lazy", text.toString()), 2, "candor: error: verify: --scheme lazy"
                + " is not checked: only 'total' (Lazy and Eager insert the same probes into fewer methods)");
        oneLine(CandorCli.run("verify"), 2, "candor: error: verify: name one jar or more (or jrt:/MODULE)");
    }

    private static void oneLine(CandorCli r, int exit, String line) {
        assertThat(r.exitCode).as(r.toString()).isEqualTo(exit);
        assertThat(r.stdout).as(r.toString()).isEmpty();
        assertThat(r.stderr).as(r.toString()).isEqualTo(line + "\n");
    }
}
