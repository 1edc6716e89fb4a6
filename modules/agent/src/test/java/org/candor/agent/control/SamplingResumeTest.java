package org.candor.agent.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.candor.agent.options.AgentOptions;
import org.candor.agent.options.OptionException;
import org.junit.jupiter.api.Test;

/** What a new session after a detach may ask of the sampler that stays loaded, and of the mode. */
class SamplingResumeTest {

    private static final AgentOptions SAMPLING = parse("mode=sample,output=/tmp/first.candor,include=com.acme.**");

    private static AgentOptions parse(String options) {
        try {
            return AgentOptions.parse(options);
        } catch (OptionException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void theSameEventAndIntervalStartANewSessionWithItsOwnOutputAndFilters() throws Exception {
        AgentOptions next = SamplingResume.options(SAMPLING,
                "mode=sample,event=cpu,interval=1000000,output=/tmp/second.candor,include=org.x.**,org.y.**", "cpu", 1_000_000);
        assertThat(next.output()).isEqualTo(Path.of("/tmp/second.candor"));
        assertThat(next.includes()).containsExactly("org.x.**", "org.y.**");
        assertThat(next.mode()).isEqualTo(AgentOptions.Mode.SAMPLE);
        // an interval not named keeps the one running; what is not named takes its default
        AgentOptions bare = SamplingResume.options(SAMPLING, "mode=sample,event=wall", "wall", 10_000_000);
        assertThat(bare.includes()).isEmpty();
    }

    @Test
    void anotherEventIntervalModeOrRootsAreOneLineEach() {
        assertThatThrownBy(() -> SamplingResume.options(SAMPLING, "mode=sample,event=wall", "cpu", 1_000_000))
                .hasMessage("libcandor.so samples cpu time in this JVM, as it was loaded, and keeps its event and interval"
                        + " after a detach: event wall needs a restart of the program");
        assertThatThrownBy(() -> SamplingResume.options(SAMPLING, "mode=sample,event=cpu,interval=250000", "cpu", 1_000_000))
                .hasMessage("libcandor.so samples every 1 ms in this JVM, as it was loaded, and keeps its event and"
                        + " interval after a detach: every 250 us needs a restart of the program");
        assertThatThrownBy(() -> SamplingResume.options(SAMPLING, "mode=instrument,include=com.acme.**", "cpu", 1_000_000))
                .hasMessageContaining("this JVM's session sampled stacks").hasMessageEndingWith("restart the program to instrument it");
        assertThatThrownBy(() -> SamplingResume.options(SAMPLING, "mode=sample,root=com.acme.A.run", "cpu", 1_000_000))
                .hasMessage("'root' applies to instrumentation; a sampling session samples every method");
        assertThatThrownBy(() -> SamplingResume.options(SAMPLING, "mode=sample,interval=often", "cpu", 1_000_000))
                .hasMessage("'interval' must be a number of nanoseconds, not 'often'");
    }

    @Test
    void anInstrumentationSessionRefusesSampling() throws Exception {
        assertThat(ResumeMode.check("mode=instrument,output=/tmp/x.candor,include=a,b", ResumeMode.INSTRUMENT))
                .isEqualTo("output=/tmp/x.candor,include=a,b");
        assertThat(ResumeMode.check("include=a", ResumeMode.INSTRUMENT)).as("an older client names no mode").isEqualTo("include=a");
        assertThatThrownBy(() -> ResumeMode.check("mode=sample,event=cpu", ResumeMode.INSTRUMENT))
                .hasMessageContaining("libcandor.so was loaded without a sampler").hasMessageEndingWith("restart the program to sample it");
    }
}
