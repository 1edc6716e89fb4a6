package org.candor.ui.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.swing.filechooser.FileFilter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExportFilterTest {

    @Test
    void anExtensionWithADotOfItsOwnListsItsFiles(@TempDir Path dir) throws Exception {
        FileFilter pprof = ExportSnapshotAction.endingWith("pprof profile (*.pb.gz)", "pb.gz");
        assertThat(pprof.accept(new File("/tmp/run.pb.gz"))).isTrue();
        assertThat(pprof.accept(new File("/tmp/RUN.PB.GZ"))).isTrue();
        assertThat(pprof.accept(new File("/tmp/run.gz"))).as("only the last part of the extension").isFalse();
        assertThat(pprof.accept(new File("/tmp/run.pb"))).isFalse();
        assertThat(pprof.accept(Files.createDirectory(dir.resolve("folder")).toFile())).as("folders to go into").isTrue();
        assertThat(pprof.getDescription()).isEqualTo("pprof profile (*.pb.gz)");
    }
}
