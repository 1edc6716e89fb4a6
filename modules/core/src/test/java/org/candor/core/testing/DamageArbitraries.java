package org.candor.core.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.RandomDistribution;

/**
 * jqwik's arbitraries of {@link Damage}, for the fuzz properties of every reader of untrusted bytes: one edit of the
 * eight kinds, chosen alike, and in one damage of four a second. Shrinking a failure drops the second edit, moves the
 * places towards the start of the bytes and the counts (bits flipped, bytes overwritten, duplicated, deleted) towards
 * one; the sample jqwik reports is the {@link Mutant}, which says what was done where.
 *
 * <p>The fuzz properties turn jqwik's own edge cases off ({@code edgeCases = EdgeCasesMode.NONE}): the edges that
 * matter to a reader are in the damage itself (boundary bytes, edge varints, a test's edge values), while jqwik's
 * combinations of every parameter's minimum and maximum, cut to the first few thousand, would spend a sixth of the
 * budget on the first seed and the first kind of edit.
 */
public final class DamageArbitraries {

    private DamageArbitraries() {}

    /** Places in the bytes ({@link Damage#PLACES}), spread evenly (jqwik's default would crowd them at the start). */
    public static Arbitrary<Integer> places() {
        return Arbitraries.integers().between(0, Damage.PLACES - 1).withDistribution(RandomDistribution.uniform());
    }

    /** An index into a list of {@code n}, for a choice among edge values and the like. */
    public static Arbitrary<Integer> indices(int n) {
        return Arbitraries.integers().between(0, n - 1);
    }

    /** One edit of any kind. */
    public static Arbitrary<Damage.Edit> edits() {
        Arbitrary<Integer> place = places();
        Arbitrary<Integer> varint = indices(Damage.EDGE_VARINTS.length);
        Arbitrary<int[]> flip = Combinators.combine(place, Arbitraries.integers().between(0, 7))
                .as((p, bit) -> new int[] {p, bit});
        List<Arbitrary<Damage.Edit>> kinds = List.of(
                flip.list().ofMinSize(1).ofMaxSize(4).withSizeDistribution(RandomDistribution.uniform()).map(flips -> {
                    int[] places = new int[flips.size()];
                    int[] bits = new int[flips.size()];
                    for (int i = 0; i < places.length; i++) {
                        places[i] = flips.get(i)[0];
                        bits[i] = flips.get(i)[1];
                    }
                    return Damage.flipBits(places, bits);
                }),
                Combinators.combine(place, indices(Damage.BOUNDARY_BYTES.length)).as(Damage::boundaryByte),
                Combinators.combine(place, Arbitraries.integers().between(1, 16)).as(Damage::runOfFF),
                place.map(Damage::cut),
                Combinators.combine(place, Arbitraries.integers().between(1, 64), place).as(Damage::duplicate),
                Combinators.combine(place, Arbitraries.integers().between(1, 32)).as(Damage::delete),
                Combinators.combine(place, varint).as(Damage::insertVarint),
                Combinators.combine(place, varint).as(Damage::overwriteVarint));
        return Arbitraries.oneOf(kinds);
    }

    /** One edit, or (one time in four) two: a second shrinks away by {@code k} going to 0. */
    public static Arbitrary<Damage> damage() {
        return Combinators.combine(edits(), edits(), Arbitraries.integers().between(0, 3))
                .as((first, second, k) -> new Damage(k < 3 ? List.of(first) : List.of(first, second)));
    }

    /** Damaged copies of {@code seed}. */
    public static Arbitrary<Mutant> mutants(String name, byte[] seed) {
        return damage().map(d -> d.apply(name, seed));
    }

    /** Damaged copies of any of {@code seeds} (by name, in the order given: shrinking goes towards the first). */
    public static Arbitrary<Mutant> mutants(Map<String, byte[]> seeds) {
        List<String> names = new ArrayList<>(seeds.keySet());
        return Combinators.combine(Arbitraries.of(names), damage()).as((name, d) -> d.apply(name, seeds.get(name)));
    }
}
