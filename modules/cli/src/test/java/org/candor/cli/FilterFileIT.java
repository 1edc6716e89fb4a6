package org.candor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.candor.core.model.MethodInfo;
import org.candor.core.model.Snapshot;
import org.candor.core.snapshot.SnapshotReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --filter-file}: the includes and excludes of a TAU selective instrumentation file, the file the app's
 * Analyze Performance exports, instrument exactly what they say; a bad file is one line naming where, exit 2.
 */
class FilterFileIT {

    @TempDir Path dir;

    @Test
    void theFilesListsDecideWhatIsInstrumented() throws Exception {
        Path filters = dir.resolve("targets.tau");
        Files.writeString(filters, "# the targets, but not the worker\nBEGIN_INCLUDE_LIST\norg.candor.cli.targets.**\n"
                + "END_INCLUDE_LIST\nBEGIN_EXCLUDE_LIST\norg.candor.cli.targets.LoadsThenTalks$W#\nEND_EXCLUDE_LIST\n");
        Path out = dir.resolve("run.candor");
        CandorCli r = CandorCli.run("profile", "--filter-file", filters.toString(), "-o", out.toString(), "--",
                CandorCli.JAVA, "-cp", UnmatchedPatternsIT.TEST_CLASSES.toString(), UnmatchedPatternsIT.MAIN);
        assertThat(r.exitCode).as(r.toString()).isZero();
        assertThat(r.stderr).as(r.toString()).startsWith("loaded 9\ndone\n").doesNotContain("warning");
        Snapshot s = SnapshotReader.read(out);
        assertThat(s.methods().all()).extracting(MethodInfo::className)
                .contains(UnmatchedPatternsIT.MAIN)
                .doesNotContain(UnmatchedPatternsIT.MAIN + "$Worker");
    }

    @Test
    void aBadFileIsOneLineNamingWhere() throws Exception {
        Path bad = dir.resolve("bad.tau");
        Files.writeString(bad, "BEGIN_EXCLUDE_LIST\ncom.acme.Cache.get(\nEND_EXCLUDE_LIST\n");
        CandorCli r = CandorCli.run("profile", "--filter-file", bad.toString(), "-o", dir.resolve("x.candor").toString(),
                "--", CandorCli.JAVA, "-version");
        assertThat(r.exitCode).isEqualTo(2);
        assertThat(r.stderr.lines()).as(r.toString()).hasSize(1).first().asString()
                .startsWith("candor: error: " + bad + ":2: ").contains("com.acme.Cache.get(");
        CandorCli missing = CandorCli.run("attach", "1", "--filter-file", dir.resolve("none.tau").toString());
        assertThat(missing.exitCode).isEqualTo(2);
        assertThat(missing.stderr.strip()).isEqualTo("candor: error: cannot read " + dir.resolve("none.tau") + ": no such file");
    }
}
