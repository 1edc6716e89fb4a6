package org.candor.core.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class RecordIndexTest {

    private static void assertSorts(long[] keys) {
        long[] expected = keys.clone();
        Arrays.sort(expected);
        // in two parts, the second with room to spare past its keys
        int half = keys.length / 2;
        long[] second = Arrays.copyOf(Arrays.copyOfRange(keys, half, keys.length), keys.length - half + 7);
        Arrays.fill(second, keys.length - half, second.length, -1);
        long[][] parts = {Arrays.copyOf(keys, half), second};
        assertThat(RecordIndex.sortDistinct(parts, new int[] {half, keys.length - half}, keys.length)).containsExactly(expected);
    }

    @Test
    void sortsKeysSpreadEvenlyNearlyInOrder() {
        Random random = new Random(3);
        long[] keys = new long[100_000];
        for (int i = 0; i < keys.length; i++) keys[i] = ((long) (i + random.nextInt(500)) << 17) | i;
        assertSorts(keys);
    }

    @Test
    void sortsKeysCrowdedIntoFewBuckets() {
        // one key far above the rest: nearly all of them fall into the first bucket, which is sorted whole
        Random random = new Random(4);
        long[] keys = new long[50_000];
        for (int i = 0; i < keys.length; i++) keys[i] = ((long) random.nextInt(1_000_000) << 16) | i;
        keys[123] = Long.MAX_VALUE;
        assertSorts(keys);
    }

    @Test
    void sortsFewKeys() {
        assertSorts(new long[0]);
        assertSorts(new long[] {5});
        assertSorts(new long[] {9, 0});
        assertSorts(new long[] {3, 1, 2, Long.MAX_VALUE, 0});
    }
}
