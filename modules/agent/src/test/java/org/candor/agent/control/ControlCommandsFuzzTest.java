package org.candor.agent.control;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import org.candor.agent.filter.PatternException;
import org.candor.agent.options.AgentOptions;
import org.candor.agent.options.OptionException;
import org.candor.agent.scheme.SchemePlan;
import org.candor.core.testing.DamageArbitraries;
import org.candor.core.testing.FuzzBudget;
import org.candor.core.testing.FuzzChecks;
import org.candor.core.testing.Mutant;
import org.junit.jupiter.api.Test;

/**
 * Damaged and crafted command lines on the control channel, after the hello: each gets an answer whose first line
 * is {@code ok ...} or {@code error ...} naming what is wrong, never an exception out of {@link ControlCommands} and
 * never the catch-all's "X failed: java...." for input it could have judged. The session behind it judges
 * {@code set} and {@code resume} with the agent's own parsers, as a running session does, and records what the
 * others would have done. Half the lines are a seed's bytes damaged ({@link DamageArbitraries}), half a command with
 * an argument at the edge of what it checks. A jqwik property with a fixed seed: the same lines every run, and a
 * failure shrunk to the smallest damage that still fails.
 */
class ControlCommandsFuzzTest {

    private static final String[] SEEDS = {
        "start", "stop", "reset", "status", "snapshot /tmp/now.candor", "snapshot now.candor", "live 5000 /tmp/l.candor",
        "detach", "detach /tmp/final.candor", "set include=com.acme.**,exclude=com.acme.gen.*",
        "set scheme=lazy,root=com.acme.Server.handle", "resume mode=instrument,include=com.acme.**,output=r.candor",
        "classes Server", "classes", "methods com.acme.Server", "  status  ", "set lookahead=3,defaultexcludes=false",
    };
    private static final String[] EDGE_ARGUMENTS = {"", " ", "-1", "0", "1", "2", "10000000", "10000001",
        "2147483648", "9223372036854775808", "a\u0000b", "\u0000", "/", ".", "..", "\t", "\r", "\uFFFD", "\uD800",
        "x".repeat(5000), "2 a\u0000b", "3 ", "=", ",", "**", "(", "include=", "root=(", "scheme=lazy"};

    /** A command line is at most a few KiB: answering it allocates far less than this. */
    private static final long MAX_ALLOCATION = 64L << 20;

    private final ControlCommands commands = commands();
    /** An error's first line, as the client shows it: no catch-all exception, no control character (an escape). */
    private final FuzzChecks.Tally tally = new FuzzChecks.Tally(
            first -> !first.contains(" failed: java.") && first.chars().noneMatch(Character::isISOControl),
            "that is the catch-all's or has a control character", MAX_ALLOCATION, Refused.class)
            .expectOver(FuzzChecks.Verdict.REFUSED, 25, "the mutations reach the checks");

    /** The budget: 4000 lines, the same every run ({@link FuzzBudget} for more). */
    @Property(tries = 4000, seed = "20261128", edgeCases = EdgeCasesMode.NONE)
    @AddLifecycleHook(FuzzBudget.class)
    void damagedCommandsAreAnsweredInOneLine(@ForAll("lines") Mutant mutant) {
        String line = mutant.text();
        tally.judge(() -> {
            Reply reply = commands.run(line);
            if (!reply.ok) throw new Refused(reply);
        });
    }

    /** A seed's bytes damaged, or its command with an edge argument; as the server reads it, without '\r' or '\n'. */
    @Provide
    Arbitrary<Mutant> lines() {
        Map<String, byte[]> seeds = new LinkedHashMap<>();
        for (int i = 0; i < SEEDS.length; i++) seeds.put("line " + i, SEEDS[i].getBytes(StandardCharsets.UTF_8));
        Arbitrary<Mutant> newArgument = Combinators.combine(DamageArbitraries.indices(SEEDS.length),
                DamageArbitraries.indices(EDGE_ARGUMENTS.length)).as(ControlCommandsFuzzTest::newArgument);
        return Arbitraries.oneOf(DamageArbitraries.mutants(seeds), newArgument)
                .map(ControlCommandsFuzzTest::asCommandLine).map(Mutant::showingText);
    }

    /** An error answer, which the verdict judges by its first line (none if the answer has no text). */
    private static final class Refused extends Exception {
        private static final long serialVersionUID = 1L;

        Refused(Reply reply) {
            super(reply.text == null || reply.text.isEmpty() ? null : reply.encode().split("\n", -1)[0]);
        }
    }

    /** The server splits on '\n' and drops a '\r' before it: a command line has neither. */
    private static Mutant asCommandLine(Mutant m) {
        String line = m.text().replace("\n", "").replace("\r", "");
        return m.withBytes(line.getBytes(StandardCharsets.UTF_8), m.description);
    }

    private static Mutant newArgument(int seed, int edge) {
        String s = SEEDS[seed].trim();
        int space = s.indexOf(' ');
        String command = space < 0 ? s : s.substring(0, space);
        return new Mutant("line " + seed, (command + " " + EDGE_ARGUMENTS[edge]).getBytes(StandardCharsets.UTF_8),
                "argument replaced");
    }

    /** What a bad command echoes reaches the client's terminal: no control character (an escape sequence) in it. */
    @Test
    void echoedTextCarriesNoControlCharacters() {
        String first = commands().run("stat\u001b[2Jus").encode().split("\n", -1)[0];
        assertThat(first).startsWith("error unknown command 'stat?[2Jus'");
        assertThat(first.chars().filter(Character::isISOControl)).isEmpty();
    }

    /** A path the file system cannot name is the command's own one-line error, not the catch-all's exception. */
    @Test
    void aPathWithANulIsRefusedInOneLine() {
        ControlCommands commands = commands();
        for (String line : new String[] {"snapshot a\u0000b", "detach a\u0000b", "live 100 a\u0000b"}) {
            Reply r = commands.run(line);
            assertThat(r.ok).as(line).isFalse();
            assertThat(r.text).as(line).contains("not a usable path").doesNotContain("java.").doesNotContain("\u0000");
        }
    }

    private static ControlCommands commands() {
        ControlConnections.Handler none = new ControlConnections.Handler() {
            @Override public void threadStarted() { }
            @Override public void serve(java.net.Socket connection) { }
        };
        return new ControlCommands(new ParsingSession(), new ControlConnections(none, "candor-fuzz"));
    }

    /** Judges settings with the agent's parsers, as InstrumentationControl does; the rest only answers. */
    private static final class ParsingSession implements ControlledSession {
        private final AgentOptions options;

        ParsingSession() throws RuntimeException {
            try {
                options = AgentOptions.parse("include=com.acme.**");
            } catch (OptionException e) {
                throw new IllegalStateException(e);
            }
        }

        @Override public Reply start() { return Reply.ok("started"); }
        @Override public Reply stop() { return Reply.ok("stopped"); }
        @Override public Reply reset() { return Reply.ok("reset"); }
        @Override public Reply snapshot(Path file) { return Reply.ok("written").put("file", file); }
        @Override public Reply live(Path file, int paths) { return Reply.ok("written").put("file", file); }
        @Override public Reply detach(Path finalSnapshot) { return Reply.ok("detached"); }
        @Override public Reply status() { return Reply.ok("status"); }

        @Override
        public Reply set(String changes) {
            try {
                SchemePlan.of(options.withChanges(changes));
                return Reply.ok("settings changed");
            } catch (OptionException | PatternException e) {
                return Reply.error(e.getMessage() + "; nothing changed");
            }
        }

        @Override
        public Reply resume(String settings) {
            try {
                SchemePlan.of(options.forNewSession(ResumeMode.check(settings, ResumeMode.INSTRUMENT)));
                return Reply.ok("resumed");
            } catch (OptionException | PatternException e) {
                return Reply.error(e.getMessage());
            }
        }
    }
}
