package org.candor.api;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Without the agent (this test's JVM has none) the API does nothing and never reaches its unbound native. */
class CandorTest {

    @Test
    void withoutTheAgentEveryCallReturnsAtOnce() {
        assertThat(Candor.present()).isFalse();
        // an unbound native would throw UnsatisfiedLinkError
        Candor.marker("a point");
        Candor.begin("phase");
        Candor.end("phase");
        Candor.marker(null);
    }
}
