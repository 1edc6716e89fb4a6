package org.candor.agent.filter;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.candor.agent.filter.ClassFilter.Decision;
import org.junit.jupiter.api.Test;

class ClassFilterTest {

    @Test
    void byDefaultTheJdkAndCandorAreExcludedAndEverythingElseIncluded() {
        ClassFilter f = new ClassFilter(List.of(), List.of(), true);
        assertThat(f.decide("com.acme.Main")).isEqualTo(Decision.ALL_METHODS);
        for (String jdk : List.of("java.util.HashMap", "javax.swing.JFrame", "jdk.jfr.Event", "sun.nio.ch.Net",
                "com.sun.tools.javac.Main", "org.candor.demo.DemoApp")) {
            assertThat(f.decide(jdk)).as(jdk).isEqualTo(Decision.SKIP);
        }
    }

    @Test
    void anIncludeThatNamesAnExcludedPackageOverridesTheDefaultOnlyThere() {
        ClassFilter javac = new ClassFilter(List.of("com.sun.tools.javac.**"), List.of(), true);
        assertThat(javac.decide("com.sun.tools.javac.main.JavaCompiler")).isEqualTo(Decision.ALL_METHODS);
        assertThat(javac.decide("com.acme.Main")).isEqualTo(Decision.SKIP);
        ClassFilter broad = new ClassFilter(List.of("com.**"), List.of(), true);
        assertThat(broad.decide("com.acme.Main")).isEqualTo(Decision.ALL_METHODS);
        assertThat(broad.decide("com.sun.tools.javac.Main")).isEqualTo(Decision.SKIP);
    }

    @Test
    void theProbesOwnGroundIsNeverInstrumented() {
        ClassFilter all = new ClassFilter(List.of("**", "java.lang.**", "org.candor.probe.**"), List.of(), false);
        assertThat(all.decide("java.lang.ThreadLocal")).isEqualTo(Decision.SKIP);
        assertThat(all.decide("jdk.internal.misc.Unsafe")).isEqualTo(Decision.SKIP);
        assertThat(all.decide("org.candor.probe.Probe")).isEqualTo(Decision.SKIP);
        assertThat(all.decide("org.candor.agent.CandorAgent")).isEqualTo(Decision.SKIP);
        assertThat(all.decide("java.util.HashMap")).isEqualTo(Decision.ALL_METHODS);
    }

    @Test
    void methodExcludesAndIncludes() {
        ClassFilter f = new ClassFilter(List.of(), List.of("com.acme.Cache.get*"), true);
        assertThat(f.decide("com.acme.Cache")).isEqualTo(Decision.SOME_METHODS);
        assertThat(f.includesMethod("com.acme.Cache", "getAll", "()V")).isFalse();
        assertThat(f.includesMethod("com.acme.Cache", "put", "()V")).isTrue();
        assertThat(f.decide("com.acme.Other")).isEqualTo(Decision.ALL_METHODS);

        ClassFilter only = new ClassFilter(List.of("com.acme.Server.handle"), List.of(), true);
        assertThat(only.decide("com.acme.Server")).isEqualTo(Decision.SOME_METHODS);
        assertThat(only.includesMethod("com.acme.Server", "handle", "()V")).isTrue();
        assertThat(only.includesMethod("com.acme.Server", "start", "()V")).isFalse();
        assertThat(only.decide("com.acme.Client")).isEqualTo(Decision.SKIP);
    }

    @Test
    void excludesWin() {
        ClassFilter f = new ClassFilter(List.of("com.acme.**"), List.of("com.acme.generated"), true);
        assertThat(f.decide("com.acme.generated.Parser")).isEqualTo(Decision.SKIP);
        assertThat(f.decide("com.acme.Main")).isEqualTo(Decision.ALL_METHODS);
    }
}
