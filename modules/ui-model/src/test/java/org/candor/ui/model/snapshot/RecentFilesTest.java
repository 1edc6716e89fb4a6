package org.candor.ui.model.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RecentFilesTest {

    private static final Path A = Path.of("/s/a.candor"), B = Path.of("/s/b.candor"), C = Path.of("/s/c.candor");

    @Test
    void theLastOpenedComesFirstAndEachFileOnce() {
        RecentFiles r = new RecentFiles(List.of()).with(A).with(B).with(C).with(A);
        assertThat(r.paths()).containsExactly(A, C, B);
        assertThat(r.without(C).paths()).containsExactly(A, B);
        assertThat(new RecentFiles(List.of(Path.of("/s/x/../a.candor"), A)).paths()).as("one file, two spellings").containsExactly(A);
    }

    @Test
    void tenAtMostTheOldestGoFirst() {
        RecentFiles r = new RecentFiles(List.of());
        List<Path> opened = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            Path p = Path.of("/s/run" + i + ".candor");
            opened.add(0, p);
            r = r.with(p);
        }
        assertThat(r.paths()).hasSize(RecentFiles.MAX).containsExactlyElementsOf(opened.subList(0, 10));
    }

    @Test
    void missingFilesArePrunedWithOneLineNamingThem() {
        RecentFiles r = new RecentFiles(List.of(A, B, C));
        RecentFiles.Pruned one = r.prune(p -> !p.equals(B));
        assertThat(one.kept().paths()).containsExactly(A, C);
        assertThat(one.message()).isEqualTo("/s/b.candor no longer exists; it is off the recent snapshots.");

        RecentFiles.Pruned two = r.prune(p -> Set.of(A).contains(p));
        assertThat(two.message()).isEqualTo("2 recent snapshots no longer exist and are off the list: /s/b.candor, /s/c.candor.")
                .doesNotContain("\n");
        assertThat(r.prune(p -> true).message()).isNull();
    }
}
