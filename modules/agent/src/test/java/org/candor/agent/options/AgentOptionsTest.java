package org.candor.agent.options;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AgentOptionsTest {

    @Test
    void tauListsContinueUntilTheNextKey() throws Exception {
        AgentOptions o = AgentOptions.parse("exclude=java/lang,sun,output=x.candor,include=com.acme.**,verbose");
        assertThat(o.excludes()).containsExactly("java/lang", "sun");
        assertThat(o.includes()).containsExactly("com.acme.**");
        assertThat(o.output()).hasToString("x.candor");
        assertThat(o.verbose()).isTrue();
    }

    @Test
    void defaults() throws Exception {
        AgentOptions o = AgentOptions.parse(null);
        assertThat(o.scheme()).isEqualTo(AgentOptions.Scheme.TOTAL);
        assertThat(o.defaultExcludes()).isTrue();
        assertThat(o.output().toString()).matches("candor-\\d+\\.candor");
        assertThat(o.maxNodes()).as("0: sized to the heap by the agent").isZero();
    }

    @Test
    void badOptionsAreNamedInOneLine() {
        assertThatThrownBy(() -> AgentOptions.parse("colour=blue"))
                .hasMessageStartingWith("agent option 'colour' is unknown (known: output, mode, scheme,");
        assertThatThrownBy(() -> AgentOptions.parse("maxnodes=-3"))
                .hasMessage("agent option 'maxnodes' must be a whole number from 1 to 2147483647, not '-3'");
        assertThatThrownBy(() -> AgentOptions.parse("scheme=fast"))
                .hasMessage("agent option 'scheme' has unknown value 'fast' (known: total, lazy, eager)");
        assertThatThrownBy(() -> AgentOptions.parse("output="))
                .hasMessage("agent option 'output' needs a value");
        assertThatThrownBy(() -> AgentOptions.parse("defaultexcludes=maybe"))
                .hasMessage("agent option 'defaultexcludes' must be true or false, not 'maybe'");
    }

    @Test
    void rootsChooseTheLazySchemeUnlessEagerIsAsked() throws Exception {
        AgentOptions lazy = AgentOptions.parse("root=com.acme.Server.handle,com.acme.Worker.*");
        assertThat(lazy.scheme()).isEqualTo(AgentOptions.Scheme.LAZY);
        assertThat(lazy.roots()).containsExactly("com.acme.Server.handle", "com.acme.Worker.*");
        assertThat(lazy.lookahead()).as("look-ahead unless told").isEqualTo(2);
        assertThat(AgentOptions.parse("root=com.acme.**,lookahead=0").lookahead()).isZero();
        assertThat(AgentOptions.parse("root=com.acme.**,lookahead=99").lookahead()).as("at most 8").isEqualTo(8);
        assertThat(AgentOptions.parse("scheme=eager,root=com.acme.**").scheme()).isEqualTo(AgentOptions.Scheme.EAGER);
        assertThatThrownBy(() -> AgentOptions.parse("scheme=lazy"))
                .hasMessageStartingWith("agent option 'scheme=lazy' needs root methods");
        assertThatThrownBy(() -> AgentOptions.parse("scheme=total,root=com.acme.**"))
                .hasMessage("agent option 'root' applies to scheme=lazy or scheme=eager, not total");
        assertThatThrownBy(() -> AgentOptions.parseLines(List.of("scheme=eager")))
                .hasMessageStartingWith("agent option 'scheme=eager' needs root methods");
    }

    @Test
    void anOptionsFileHoldsOneOptionPerLineSoValuesMayHoldCommas(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("opts.txt");
        Files.write(file, List.of("# comment", "output=/tmp/a,b.candor", "include=com.acme.**", "include=org.x", ""));
        AgentOptions o = AgentOptions.parse("optfile=" + file);
        assertThat(o.output()).hasToString("/tmp/a,b.candor");
        assertThat(o.includes()).containsExactly("com.acme.**", "org.x");
        assertThatThrownBy(() -> AgentOptions.parse("optfile=" + dir.resolve("missing.txt")))
                .hasMessageStartingWith("agent options file '" + dir.resolve("missing.txt") + "' cannot be read");
    }

    @Test
    void calibrationOptions() throws Exception {
        AgentOptions d = AgentOptions.parse("");
        assertThat(d.calibration()).isEqualTo(AgentOptions.CalibrationMode.RUNTIME);
        assertThat(d.warmupDelay()).isEqualTo(1);
        assertThat(d.warmupCount()).isEqualTo(1_000_000);
        assertThat(d.calstats()).isNull();
        assertThat(d.calstatsWrite()).isFalse();
        AgentOptions o = AgentOptions.parse("calibration=frozen,warmupdelay=5,warmupcount=0,calstats=/tmp/x.calstats");
        assertThat(o.calibration()).isEqualTo(AgentOptions.CalibrationMode.FROZEN);
        assertThat(o.warmupDelay()).isEqualTo(5);
        assertThat(o.warmupCount()).isZero();
        assertThat(o.calstatsWrite()).isTrue();
        assertThat(AgentOptions.parse("calstats=auto").calstatsWrite()).isFalse();
        assertThat(AgentOptions.parse("calstats=auto,calstatswrite=true").calstatsWrite()).isTrue();
        assertThatThrownBy(() -> AgentOptions.parse("calibration=sometimes"))
                .hasMessage("agent option 'calibration' has unknown value 'sometimes' (known: runtime, frozen, off)");
        assertThatThrownBy(() -> AgentOptions.parse("warmupcount=-1")).hasMessageContaining("whole number from 0");
    }

    @Test
    void aRunningSessionChangesRootsSchemeAndFiltersOnly() throws Exception {
        AgentOptions total = AgentOptions.parse("include=com.acme.**,exclude=com.acme.gen.**,output=x.candor,maxdepth=7");
        AgentOptions lazy = total.withChanges("root=com.acme.Server.handle,com.acme.Batch.run");
        assertThat(lazy.scheme()).as("a root given to a Total session makes it Lazy").isEqualTo(AgentOptions.Scheme.LAZY);
        assertThat(lazy.roots()).containsExactly("com.acme.Server.handle", "com.acme.Batch.run");
        assertThat(lazy.includes()).containsExactly("com.acme.**");
        assertThat(lazy.output()).isEqualTo(total.output());
        assertThat(lazy.maxDepth()).isEqualTo(7);
        AgentOptions eager = lazy.withChanges("scheme=eager,include=com.acme.core.**,org.acme.**");
        assertThat(eager.scheme()).isEqualTo(AgentOptions.Scheme.EAGER);
        assertThat(eager.roots()).as("kept").containsExactly("com.acme.Server.handle", "com.acme.Batch.run");
        assertThat(eager.includes()).as("replaced").containsExactly("com.acme.core.**", "org.acme.**");
        assertThat(eager.excludes()).containsExactly("com.acme.gen.**");
        assertThat(eager.withChanges("exclude=,defaultexcludes=true").excludes()).as("an empty list named: none")
                .isEmpty();
        assertThatThrownBy(() -> AgentOptions.parse("exclude=")).as("at start an exclude needs a value")
                .hasMessageContaining("needs a value");
        AgentOptions backToTotal = eager.withChanges("scheme=total");
        assertThat(backToTotal.roots()).as("total drops the roots").isEmpty();
        assertThat(lazy.roots()).as("the options changed are a copy").hasSize(2);

        assertThatThrownBy(() -> total.withChanges("output=y.candor")).isInstanceOf(OptionException.class)
                .hasMessageContaining("'output' cannot change in a running session");
        assertThatThrownBy(() -> total.withChanges("scheme=lazy")).isInstanceOf(OptionException.class)
                .hasMessageContaining("needs root methods");
        assertThatThrownBy(() -> total.withChanges(" ")).isInstanceOf(OptionException.class)
                .hasMessageContaining("no settings to change");
    }

    @Test
    void aDelayedStartIsForInstrumentationAndFixedAtStart() throws Exception {
        assertThat(AgentOptions.parse(null).delayedStart()).isFalse();
        assertThat(AgentOptions.parse("start=now").delayedStart()).isFalse();
        AgentOptions delayed = AgentOptions.parse("start=delayed,include=com.acme.**");
        assertThat(delayed.delayedStart()).isTrue();
        assertThat(AgentOptions.parseLines(List.of("start=Delayed")).delayedStart()).isTrue();
        assertThat(delayed.withChanges("root=com.acme.Server.handle").delayedStart()).as("kept by a change").isTrue();
        assertThatThrownBy(() -> AgentOptions.parse("start=later"))
                .hasMessage("agent option 'start' has unknown value 'later' (known: now, delayed)");
        assertThatThrownBy(() -> AgentOptions.parse("start"))
                .hasMessage("agent option 'start' needs a value");
        assertThatThrownBy(() -> AgentOptions.parse("mode=sample,start=delayed"))
                .hasMessage("agent option 'start=delayed' applies to mode=instrument (a sampling session samples from"
                        + " its start; the control channel's 'stop' pauses it)");
        assertThatThrownBy(() -> delayed.withChanges("start=now"))
                .hasMessageContaining("'start' cannot change in a running session");
    }

    @Test
    void measureEveryTakesOneToTheProbesBoundAndNamesItWhenRefused() throws Exception {
        assertThat(AgentOptions.parse("").measureEvery()).isEqualTo(org.candor.probe.CalibrationSettings.DEFAULT_MEASURE_EVERY);
        assertThat(AgentOptions.parse("measureevery=1").measureEvery()).isEqualTo(1);
        assertThat(AgentOptions.parse("measureevery=1024").measureEvery()).isEqualTo(1024);
        for (String bad : List.of("0", "1025", "abc", "99999999999999")) {
            assertThatThrownBy(() -> AgentOptions.parse("measureevery=" + bad))
                    .hasMessage("agent option 'measureevery' must be a whole number from 1 to 1024, not '" + bad + "'");
        }
    }
}
