package org.candor.agent.options;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import org.candor.agent.AgentLog;
import org.candor.agent.filter.PatternException;
import org.candor.agent.scheme.SchemePlan;
import org.candor.core.testing.Damage;
import org.candor.core.testing.DamageArbitraries;
import org.candor.core.testing.FuzzBudget;
import org.candor.core.testing.FuzzChecks;
import org.candor.core.testing.Mutant;
import org.junit.jupiter.api.Test;

/**
 * Damaged and crafted agent options ({@code -javaagent:candor-agent.jar=OPTIONS}, a running session's {@code set}
 * and {@code resume}, an options file's lines): each is taken, or refused with an {@link OptionException} or a
 * {@link PatternException} of one line, which the agent prints before it exits or answers on the control channel;
 * never another exception, which would end the target in {@code premain} with a stack trace. Half the mutants are
 * the bytes damaged ({@link DamageArbitraries}), half one item's key or value replaced by one at the edge of what the
 * parser checks. A jqwik property with a fixed seed: the same mutants every run, and a failure shrunk to the smallest
 * damage that still fails.
 */
class AgentOptionsFuzzTest {

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

    /** Options are a few hundred bytes: what parsing them allocates is far below this, whatever they claim. */
    private static final long MAX_ALLOCATION = 64L << 20;

    private final AgentOptions running = running();
    /** A refusal as the agent prints it (AgentLog) or answers it on the control channel (Reply): one clear line. */
    private final FuzzChecks.Tally tally = new FuzzChecks.Tally(msg -> {
        String shown = AgentLog.oneLine(msg);
        return !shown.isEmpty() && !shown.equals("null") && shown.chars().noneMatch(Character::isISOControl);
    }, "that is not one clear line as the agent prints it", MAX_ALLOCATION, OptionException.class, PatternException.class)
            // more than one refusal in two mutants, of the four reads of each
            .expectOver(FuzzChecks.Verdict.REFUSED, 12.5, "the mutations reach the checks");

    /** The budget: 4000 mutants, each read the four ways, the same every run ({@link FuzzBudget} for more). */
    @Property(tries = 4000, seed = "20261128", edgeCases = EdgeCasesMode.NONE)
    @AddLifecycleHook(FuzzBudget.class)
    void damagedOptionsAreTakenOrRefusedInOneLine(@ForAll("options") Mutant mutant) {
        String text = mutant.text();
        // the four ways options reach the parser: at start, set, resume, an options file's lines
        tally.judge("at start", () -> SchemePlan.of(AgentOptions.parse(text)));
        tally.judge("set", () -> SchemePlan.of(running.withChanges(text)));
        tally.judge("resume", () -> SchemePlan.of(running.forNewSession(text)));
        tally.judge("an options file", () -> SchemePlan.of(AgentOptions.parseLines(Arrays.asList(text.split(",")))));
    }

    /** A seed's bytes damaged, or one of its items with its key or value replaced by an edge one. */
    @Provide
    Arbitrary<Mutant> options() {
        Map<String, byte[]> seeds = new LinkedHashMap<>();
        for (int i = 0; i < SEEDS.length; i++) seeds.put("options " + i, SEEDS[i].getBytes(StandardCharsets.UTF_8));
        Arbitrary<Mutant> oneItem = Combinators.combine(DamageArbitraries.indices(SEEDS.length),
                DamageArbitraries.places(), Arbitraries.frequency(Arrays.asList(Tuple.of(3, false), Tuple.of(1, true))),
                DamageArbitraries.indices(AgentOptions.KEYS.length), Arbitraries.of(false, true),
                DamageArbitraries.indices(EDGE_VALUES.length))
                .as(AgentOptionsFuzzTest::oneItem);
        return Arbitraries.oneOf(DamageArbitraries.mutants(seeds), oneItem).map(Mutant::showingText);
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

    /**
     * One item of seed {@code s} (at {@code place}) with its value replaced by an edge one; or, where it has no value
     * or {@code newKey}, replaced by a known key, with the edge value after a '=' or not.
     */
    private static Mutant oneItem(int s, int place, boolean newKey, int key, boolean withValue, int edgeIndex) {
        String[] items = SEEDS[s].split(",", -1);
        int i = Damage.offset(place, items.length);
        String item = items[i];
        int eq = item.indexOf('=');
        String edge = EDGE_VALUES[edgeIndex];
        if (eq < 0 || newKey) {
            items[i] = AgentOptions.KEYS[key] + (withValue ? "=" + edge : "");
        } else {
            items[i] = item.substring(0, eq + 1) + edge;
        }
        return new Mutant("options " + s, String.join(",", items).getBytes(StandardCharsets.UTF_8),
                "item " + i + " replaced");
    }

    private static AgentOptions running() {
        try {
            return AgentOptions.parse("include=com.acme.**");
        } catch (OptionException e) {
            throw new IllegalStateException(e);
        }
    }
}
