package org.candor.agent.options;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.candor.agent.AgentLog;
import org.candor.agent.filter.PatternException;
import org.candor.agent.scheme.SchemePlan;
import org.candor.core.testing.ByteMutator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Damaged and crafted agent options ({@code -javaagent:candor-agent.jar=OPTIONS}, a running session's {@code set}
 * and {@code resume}, an options file's lines): each is taken, or refused with an {@link OptionException} or a
 * {@link PatternException} of one line, which the agent prints before it exits or answers on the control channel;
 * never another exception, which would end the target in {@code premain} with a stack trace. Half the mutants are
 * the bytes damaged ({@link ByteMutator}), half one item's key or value replaced by one at the edge of what the
 * parser checks. Seeded: the same mutants every run.
 */
class AgentOptionsFuzzTest {

    /** The budget; {@code -Dcandor.fuzz.mutants=N -Dcandor.fuzz.seed=S} explores further. */
    private static final int MUTANTS = Integer.getInteger("candor.fuzz.mutants", 4000);
    private static final long SEED = Long.getLong("candor.fuzz.seed", 20261128L);

    private static final String[] SEEDS = {
        "output=run.candor,include=com.acme.**,exclude=com.acme.gen.*,verbose",
        "mode=sample,output=/tmp/x.candor,quiet",
        "scheme=lazy,root=com.acme.Server.handle(Ljava/lang/String;)V,root=com.acme.**,lookahead=3",
        "scheme=eager,root=com.acme.Main.main,include=com.acme.**,com.beta.*,defaultexcludes=false",
        "maxnodes=1000,maxdepth=200,maxthreads=50,recursion=fold,foldafter=1_000",
        "calibration=frozen,warmupdelay=0,warmupcount=10,calstats=c.calstats,calstatswrite=true,trainer",
        "start=delayed,measureevery=64,trace=traces,outcome=out.txt,exclude=java/lang,sun",
        "include=com.acme.Server.handle*(*),exclude=com.acme.Server.<init>",
    };
    private static final String[] EDGE_VALUES = {"", "-1", "0", "1", "2147483647", "2147483648",
        "9223372036854775807", "9223372036854775808", "99999999999999999999", "1e3", "0x10", "1_", "_",
        "true", "TRUE", "yes", "**", "*", ".", "..", "a..b", "**.**.", ".**", "com.", "(", ")", "(((", "a(b",
        "a(b)c", "<init>", "a.<init>()", "[", "]", "$", "a$$b", "/", "//", "a/b.c", "\u0000", "a\u0000b", "\n",
        "\r", "\t", "a\nb", "a\u001b[2Jb", "=", "==", ",", "#", "\uFFFD", "\uD800", "é.ü.**", "lazy", "eager", "total", "sample",
        "instrument", "delayed", "now", "keep", "fold", "auto", "runtime", "frozen", "off",
        "/nonexistent/candor-fuzz/options.txt"};

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void damagedOptionsAreTakenOrRefusedInOneLine() {
        Random random = new Random(SEED);
        ByteMutator mutator = new ByteMutator(random);
        int taken = 0;
        int refused = 0;
        List<String> unexpected = new ArrayList<>();
        AgentOptions running = null;
        try {
            running = AgentOptions.parse("include=com.acme.**");
        } catch (OptionException e) {
            throw new AssertionError(e);
        }
        for (int i = 0; i < MUTANTS; i++) {
            String seed = SEEDS[random.nextInt(SEEDS.length)];
            String text = random.nextBoolean()
                    ? new String(mutator.mutate(seed.getBytes(StandardCharsets.UTF_8)).bytes, StandardCharsets.UTF_8)
                    : oneItem(seed, random);
            // the four ways options reach the parser: at start, set, resume, an options file's lines
            for (int way = 0; way < 4; way++) {
                try {
                    switch (way) {
                        case 0: SchemePlan.of(AgentOptions.parse(text)); break;
                        case 1: SchemePlan.of(running.withChanges(text)); break;
                        case 2: SchemePlan.of(running.forNewSession(text)); break;
                        default: SchemePlan.of(AgentOptions.parseLines(Arrays.asList(text.split(",")))); break;
                    }
                    taken++;
                } catch (OptionException | PatternException e) {
                    refused++;
                    // as the agent prints it (AgentLog) or answers it on the control channel (Reply)
                    String msg = AgentLog.oneLine(e.getMessage());
                    if (msg.isEmpty() || msg.equals("null") || msg.chars().anyMatch(Character::isISOControl)) {
                        unexpected.add("way " + way + " '" + printable(text) + "': not one line: " + printable(msg));
                    }
                } catch (Throwable t) {
                    unexpected.add("way " + way + " '" + printable(text) + "': " + t + " at "
                            + (t.getStackTrace().length > 0 ? t.getStackTrace()[0] : "?"));
                }
            }
        }
        System.out.printf("agent options fuzz: %d mutants tried 4 ways, %d taken, %d refused, %d unexpected%n",
                MUTANTS, taken, refused, unexpected.size());
        unexpected.stream().limit(30).forEach(u -> System.out.println("  " + u));
        assertThat(unexpected).as("options that ended other than taken or refused in one line")
                .isEmpty();
        assertThat(refused).as("the mutations reach the checks").isGreaterThan(MUTANTS / 2);
    }

    /** A path with a NUL in it, a key the JDK's path parser refuses: one line, not an InvalidPathException. */
    @Test
    void aPathTheFileSystemCannotNameIsRefusedInOneLine() {
        for (String key : new String[] {"output", "trace", "outcome"}) {
            try {
                AgentOptions.parse(key + "=a\u0000b");
                throw new AssertionError(key + " with a NUL was taken");
            } catch (OptionException e) {
                assertThat(e.getMessage()).startsWith("agent option '" + key + "' is not a usable path")
                        .doesNotContain("\u0000").doesNotContain("\n");
            }
        }
    }

    /** A value with a line break or an escape sequence is quoted on one line, its control characters as '?'. */
    @Test
    void aRefusedValueIsShownOnOneLineWithoutControlCharacters() {
        try {
            AgentOptions.parse("mode=a\nb\u001b[2J");
            throw new AssertionError("taken");
        } catch (OptionException e) {
            assertThat(AgentLog.oneLine(e.getMessage()))
                    .isEqualTo("agent option 'mode' has unknown value 'a b?[2J' (known: instrument, sample)");
        }
    }

    /** One item of the seed with its key or its value replaced by an edge one (a known key, or an edge string). */
    private static String oneItem(String seed, Random random) {
        String[] items = seed.split(",", -1);
        int i = random.nextInt(items.length);
        String item = items[i];
        int eq = item.indexOf('=');
        String edge = EDGE_VALUES[random.nextInt(EDGE_VALUES.length)];
        if (eq < 0 || random.nextInt(4) == 0) {
            items[i] = AgentOptions.KEYS[random.nextInt(AgentOptions.KEYS.length)] + (random.nextBoolean() ? "=" + edge : "");
        } else {
            items[i] = item.substring(0, eq + 1) + edge;
        }
        return String.join(",", items);
    }

    private static String printable(String s) {
        if (s == null) return "null";
        StringBuilder b = new StringBuilder();
        for (char c : s.toCharArray()) {
            if (c < 0x20 || c == 0x7F) b.append(String.format("\\u%04x", (int) c)); else b.append(c);
        }
        return b.toString();
    }
}
