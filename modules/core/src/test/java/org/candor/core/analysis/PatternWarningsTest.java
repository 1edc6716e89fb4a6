package org.candor.core.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.candor.core.model.SnapshotInfo;
import org.junit.jupiter.api.Test;

class PatternWarningsTest {

    @Test
    void eachRecordedPatternIsOneLineIncludesFirst() {
        SnapshotInfo info = new SnapshotInfo()
                .put(PatternWarnings.ROOT, PatternWarnings.join(List.of("com.acme.Server.hadle")))
                .put(PatternWarnings.INCLUDE, PatternWarnings.join(List.of("com.nothing.**", "com.acme.A.m(String, int)")));
        assertThat(PatternWarnings.lines(info)).containsExactly(
                "candor: warning: --include 'com.nothing.**' matched no class the program loaded",
                "candor: warning: --include 'com.acme.A.m(String, int)' matched no class the program loaded",
                "candor: warning: --root 'com.acme.Server.hadle' matched no method the program loaded that the filters"
                        + " let through");
    }

    @Test
    void aSnapshotWithoutThemHasNone() {
        assertThat(PatternWarnings.lines(new SnapshotInfo().put(SnapshotInfo.INCLUDE, "com.acme.**"))).isEmpty();
    }
}
