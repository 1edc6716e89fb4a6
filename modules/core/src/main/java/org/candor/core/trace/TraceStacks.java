package org.candor.core.trace;

import java.util.Arrays;

/**
 * A trace's stack table (the meta's {@code stack} lines): every stack a sample had, as a tree of prefixes, so that a
 * period names its sample's whole stack with one id. Stack {@code id} is its caller's stack {@link #parent} plus one
 * method {@link #method} (the meta's method id); 0 is the empty stack. Ids are dense from 1 (the agent numbers them
 * in order of first use), kept in two int arrays.
 */
public final class TraceStacks {

    /** The most ids a meta may define: bounds the arrays whatever a file says. */
    public static final int MAX_STACKS = 64_000_000;

    private int[] parents = new int[16];
    private int[] methods = new int[16];
    private int size; // highest id + 1

    /** Defines stack {@code id}; false when the id is out of range (0, negative or past {@link #MAX_STACKS}). */
    boolean define(int id, int parent, int method) {
        if (id <= 0 || id > MAX_STACKS || parent < 0 || parent > MAX_STACKS) return false;
        if (id >= parents.length) {
            int capacity = parents.length;
            while (capacity <= id) capacity = Math.min(MAX_STACKS + 1, capacity * 2);
            int old = parents.length;
            parents = Arrays.copyOf(parents, capacity);
            methods = Arrays.copyOf(methods, capacity);
            Arrays.fill(parents, old, capacity, -1);
        }
        parents[id] = parent;
        methods[id] = method;
        size = Math.max(size, id + 1);
        return true;
    }

    /** Ids 1 .. count() - 1 may be defined. */
    public int count() { return size; }

    /** Whether the table defines {@code id} (0, the empty stack, always). */
    public boolean defines(int id) {
        return id == 0 || (id > 0 && id < size && parents[id] >= 0);
    }

    /** The caller's stack of {@code id}; -1 when {@code id} is not defined. */
    public int parent(int id) { return defines(id) && id != 0 ? parents[id] : -1; }

    /** The innermost method of {@code id} (a meta method id); 0 for the empty or an undefined stack. */
    public int method(int id) { return defines(id) && id != 0 ? methods[id] : 0; }

    /**
     * The methods of stack {@code id}, outermost first; empty for 0 or an undefined id. A chain that does not end at
     * 0 within {@link #MAX_STACKS} steps (a corrupt table with a loop) ends where it was cut.
     */
    public int[] methodsOf(int id) {
        int depth = 0;
        for (int s = id; s > 0 && defines(s) && depth <= size; s = parents[s]) depth++;
        int[] out = new int[depth];
        int i = depth;
        for (int s = id; i > 0; s = parents[s]) out[--i] = methods[s];
        return out;
    }

    void appendText(StringBuilder s) {
        for (int id = 1; id < size; id++) {
            if (parents[id] < 0) continue;
            s.append("stack\t").append(id).append('\t').append(parents[id]).append('\t')
                    .append(Integer.toUnsignedString(methods[id])).append('\n');
        }
    }
}
