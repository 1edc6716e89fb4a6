package org.candor.agent.scheme;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.candor.agent.filter.NamePattern;
import org.candor.core.analysis.PatternWarnings;
import org.candor.core.model.SnapshotInfo;
import org.junit.jupiter.api.Test;

/** Which patterns matched, what a snapshot records, and the warning said as a named root's class loads. */
class PatternUseTest {

    private static List<NamePattern> patterns(String... texts) {
        List<NamePattern> out = new ArrayList<>();
        for (String t : texts) out.add(NamePattern.parse(t));
        return out;
    }

    @Test
    void anIncludeMatchesByTheNameOfAnyClassThatLoads() {
        PatternUse use = new PatternUse(patterns("com.nothing.**", "com.acme.Cache.get*", "org.x.*"), patterns());
        use.loaded("com.acme.Cache");
        use.loaded("org.x.sub.Deep");
        SnapshotInfo info = new SnapshotInfo();
        use.addTo(info);
        assertThat(info.get(PatternWarnings.INCLUDE)).isEqualTo("com.nothing.**\norg.x.*");
        assertThat(info.get(PatternWarnings.ROOT)).isNull();
        use.loaded("com.nothing.at.All");
        use.loaded("org.x.Top");
        SnapshotInfo later = new SnapshotInfo();
        use.addTo(later);
        assertThat(later.asMap()).isEmpty();
    }

    @Test
    void aRootNamingALoadedClassWithoutSuchAMethodIsSaidOnceAsTheClassLoads() throws Exception {
        PatternUse use = new PatternUse(patterns(), patterns("com.acme.Server.hadle", "com.acme.Server.handle(*)",
                "com.acme.**.run"));
        String err = stderrOf(() -> {
            use.rootChosen("com.acme.Server", "handle", "(I)V");
            use.rootsOffered("com.acme.Server");
            use.rootsOffered("com.acme.Server");
            use.rootsOffered("com.acme.Worker");
        });
        assertThat(err).isEqualTo(PatternWarnings.line(PatternWarnings.root("com.acme.Server.hadle")) + "\n");
        SnapshotInfo info = new SnapshotInfo();
        use.addTo(info);
        assertThat(info.get(PatternWarnings.ROOT)).isEqualTo("com.acme.Server.hadle\ncom.acme.**.run");
    }

    private static String stderrOf(Runnable r) {
        PrintStream saved = System.err;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        System.setErr(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        try {
            r.run();
        } finally {
            System.setErr(saved);
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
