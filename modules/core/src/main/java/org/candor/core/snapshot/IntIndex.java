package org.candor.core.snapshot;

import java.util.Arrays;

/**
 * Dense row numbers for int keys, in order of first appearance: open addressing on primitive keys, so the memory
 * follows the number of distinct keys, never their magnitude (a method id is whatever the caller says).
 */
final class IntIndex {

    private int[] keys = new int[16];
    private int[] rows = new int[16];
    private int size;

    IntIndex() {
        Arrays.fill(rows, -1);
    }

    int size() { return size; }

    /** The key's row, or -1. */
    int get(int key) {
        int mask = keys.length - 1;
        for (int i = mix(key) & mask; rows[i] >= 0; i = (i + 1) & mask) {
            if (keys[i] == key) return rows[i];
        }
        return -1;
    }

    /** The key's row, a new one (the next number) when the key is new. */
    int add(int key) {
        int row = get(key);
        if (row >= 0) return row;
        if (2 * (size + 1) > keys.length) grow();
        int mask = keys.length - 1;
        int i = mix(key) & mask;
        while (rows[i] >= 0) i = (i + 1) & mask;
        keys[i] = key;
        rows[i] = size;
        return size++;
    }

    private void grow() {
        int[] oldKeys = keys;
        int[] oldRows = rows;
        keys = new int[oldKeys.length * 2];
        rows = new int[oldRows.length * 2];
        Arrays.fill(rows, -1);
        int mask = keys.length - 1;
        for (int j = 0; j < oldKeys.length; j++) {
            if (oldRows[j] < 0) continue;
            int i = mix(oldKeys[j]) & mask;
            while (rows[i] >= 0) i = (i + 1) & mask;
            keys[i] = oldKeys[j];
            rows[i] = oldRows[j];
        }
    }

    private static int mix(int key) {
        int h = key * 0x9E3779B9;
        return h ^ (h >>> 16);
    }
}
