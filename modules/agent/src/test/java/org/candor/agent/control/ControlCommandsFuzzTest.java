package org.candor.agent.control;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.candor.agent.filter.PatternException;
import org.candor.agent.options.AgentOptions;
import org.candor.agent.options.OptionException;
import org.candor.agent.scheme.SchemePlan;
import org.candor.core.testing.ByteMutator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Damaged and crafted command lines on the control channel, after the hello: each gets an answer whose first line
 * is {@code ok ...} or {@code error ...} naming what is wrong, never an exception out of {@link ControlCommands} and
 * never the catch-all's "X failed: java...." for input it could have judged. The session behind it judges
 * {@code set} and {@code resume} with the agent's own parsers, as a running session does, and records what the
 * others would have done. Seeded: the same lines every run.
 */
class ControlCommandsFuzzTest {

    private static final int MUTANTS = Integer.getInteger("candor.fuzz.mutants", 4000);
    private static final long SEED = Long.getLong("candor.fuzz.seed", 20261128L);

    private static final String[] SEEDS = {
        "start", "stop", "reset", "status", "snapshot /tmp/now.candor", "snapshot now.candor", "live 5000 /tmp/l.candor",
        "detach", "detach /tmp/final.candor", "set include=com.acme.**,exclude=com.acme.gen.*",
        "set scheme=lazy,root=com.acme.Server.handle", "resume mode=instrument,include=com.acme.**,output=r.candor",
        "classes Server", "classes", "methods com.acme.Server", "  status  ", "set lookahead=3,defaultexcludes=false",
    };
    private static final String[] EDGE_ARGUMENTS = {"", " ", "-1", "0", "1", "2", "10000000", "10000001",
        "2147483648", "9223372036854775808", "a\u0000b", "\u0000", "/", ".", "..", "\t", "\r", "\uFFFD", "\uD800",
        "x".repeat(5000), "2 a\u0000b", "3 ", "=", ",", "**", "(", "include=", "root=(", "scheme=lazy"};

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void damagedCommandsAreAnsweredInOneLine() throws Exception {
        ControlCommands commands = commands();
        Random random = new Random(SEED);
        ByteMutator mutator = new ByteMutator(random);
        int ok = 0;
        int refused = 0;
        List<String> unexpected = new ArrayList<>();
        for (int i = 0; i < MUTANTS; i++) {
            String seed = SEEDS[random.nextInt(SEEDS.length)];
            String line = random.nextBoolean()
                    ? new String(mutator.mutate(seed.getBytes(StandardCharsets.UTF_8)).bytes, StandardCharsets.UTF_8)
                    : newArgument(seed, random);
            // the server splits on '\n' and drops a '\r' before it: a command line has neither
            line = line.replace("\n", "").replace("\r", "");
            Reply reply;
            try {
                reply = commands.run(line);
            } catch (Throwable t) {
                unexpected.add("'" + printable(line) + "': " + t);
                continue;
            }
            if (reply.ok) {
                ok++;
                continue;
            }
            refused++;
            String first = reply.encode().split("\n", -1)[0];
            if (reply.text == null || reply.text.isEmpty() || first.contains(" failed: java.")
                    || first.chars().anyMatch(Character::isISOControl)) {
                unexpected.add("'" + printable(line) + "': " + printable(first));
            }
        }
        System.out.printf("control commands fuzz: %d lines, %d ok, %d refused, %d unexpected%n", MUTANTS, ok, refused,
                unexpected.size());
        unexpected.stream().limit(30).forEach(u -> System.out.println("  " + u));
        assertThat(unexpected).as("lines answered other than ok or one clear error line").isEmpty();
        assertThat(refused).as("the mutations reach the checks").isGreaterThan(MUTANTS / 4);
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

    private static String newArgument(String seed, Random random) {
        int space = seed.trim().indexOf(' ');
        String command = space < 0 ? seed.trim() : seed.trim().substring(0, space);
        return command + " " + EDGE_ARGUMENTS[random.nextInt(EDGE_ARGUMENTS.length)];
    }

    private static String printable(String s) {
        StringBuilder b = new StringBuilder();
        for (char c : s.toCharArray()) {
            if (c < 0x20 || c == 0x7F) b.append(String.format("\\u%04x", (int) c)); else b.append(c);
        }
        return b.length() > 200 ? b.substring(0, 200) + "..." : b.toString();
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
