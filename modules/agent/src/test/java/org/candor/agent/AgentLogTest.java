package org.candor.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** What the agent says on the target's stderr is one line each, whatever the refused input it quotes holds. */
class AgentLogTest {

    @Test
    void aMessageQuotingALineBreakOrAnEscapeSequenceStaysOneLine() {
        PrintStream before = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            AgentLog.error("agent option 'mode' has unknown value 'a\nb\u001b[2J\u0000'");
            AgentLog.warn("x\r\ny");
        } finally {
            System.setErr(before);
        }
        assertThat(captured.toString(StandardCharsets.UTF_8)).isEqualTo(
                "candor: error: agent option 'mode' has unknown value 'a b?[2J?'" + System.lineSeparator()
                        + "candor: warning: x  y" + System.lineSeparator());
    }
}
