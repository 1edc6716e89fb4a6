package org.candor.probe;

/**
 * Growing a thread's node table and its index. Nodes are appended (a parent always before its children); the
 * arrays grow by half, not double, since a big tree's arrays are copied while the old ones are still alive. When
 * the heap cannot hold a bigger array the target matters more than the tree: no thread adds nodes any more.
 */
final class TreeStorage {

    private TreeStorage() {}

    /** Appends a node; -1 when the heap has no room. The caller has the allowance for it. */
    static int append(ThreadState ts, int parent, int methodId, int row) {
        int n = ts.nodeCount;
        long key = ThreadState.key(parent, methodId);
        int W = ThreadState.W;
        try {
            if ((n + 1) * (long) W > ts.nodes.length) grow(ts, n + 1);
            if ((ts.slotsUsed + 1) * 2 > ts.slots.length) rehash(ts);
        } catch (OutOfMemoryError heapFull) {
            NodeBudget.exhaust();
            return -1;
        }
        long[] nodes = ts.nodes;
        int b = n * W;
        nodes[b + ThreadState.KEY] = key;
        nodes[b + ThreadState.WORD] = row & ThreadState.ROW_MASK;
        int[] slots = ts.slots;
        int mask = slots.length - 1;
        int h = ThreadState.mix(key) & mask;
        while (slots[h] != 0) h = (h + 1) & mask;
        slots[h] = n + 1;
        ts.slotsUsed++;
        ts.nodeCount = n + 1;
        return n;
    }

    /**
     * Room for {@code more} nodes made ahead, so that appending them allocates nothing and cannot fail; false when
     * the heap has no room (nothing changed but maybe larger arrays).
     */
    static boolean reserve(ThreadState ts, int more) {
        int n = ts.nodeCount + more;
        try {
            if (n * (long) ThreadState.W > ts.nodes.length) grow(ts, n);
            while ((ts.slotsUsed + more + 1) * 2L > ts.slots.length) rehash(ts);
        } catch (OutOfMemoryError heapFull) {
            return false;
        }
        return true;
    }

    private static void grow(ThreadState ts, int min) {
        int W = ThreadState.W;
        long cap = Math.max(min, (ts.nodes.length / W) + (ts.nodes.length / W >> 1));
        cap = Math.min(cap, (Integer.MAX_VALUE - 8) / W);
        if (cap < min) throw new OutOfMemoryError("tree too large");
        ts.nodes = Grow.copy(ts.nodes, (int) cap * W);
    }

    private static void rehash(ThreadState ts) {
        int[] slots = new int[ts.slots.length * 2];
        int mask = slots.length - 1;
        long[] nodes = ts.nodes;
        int W = ThreadState.W;
        for (int n = 1; n < ts.nodeCount; n++) {
            int h = ThreadState.mix(nodes[n * W]) & mask;
            while (slots[h] != 0) h = (h + 1) & mask;
            slots[h] = n + 1;
        }
        ts.slots = slots;
    }

    /**
     * An ended thread's tree keeps only what it uses: its unused allowance goes back to the budget, its arrays
     * shrink to fit, and its index goes (nothing will look a node up again). Called by another thread once the
     * owner has ended.
     */
    static void retire(ThreadState ts) {
        int n = ts.nodeCount;
        NodeBudget.giveBack(ts.nodesGranted - n);
        ts.nodesGranted = n;
        if (ts.nodes.length > n * ThreadState.W) ts.nodes = Grow.copy(ts.nodes, n * ThreadState.W);
        ts.slots = new int[2];
        ts.slotsUsed = 0;
        ts.rows.trim();
        // no frame will open again (a copy of an ended thread reads none)
        ts.frameNode = new int[1];
        ts.frameMethod = new int[1];
        ts.frameRow = new int[1];
        ts.frameStart = new long[1];
        if (ts.frameExcluded != null) ts.frameExcluded = new long[1];
    }
}
