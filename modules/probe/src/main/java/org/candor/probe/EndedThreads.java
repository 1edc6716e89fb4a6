package org.candor.probe;

/**
 * Ended threads folded into one tree per name, so that a thread storm (thousands of short threads) costs memory and
 * room under the thread limit for its live threads only. Once {@link ProbeLimits#endedKept} ended threads keep trees
 * of their own, the tree of each further ended thread is added path by path to its group's, with its method rows,
 * counts and calibration sections, and the thread leaves the registry. A group is named after its threads, every run
 * of digits as {@code *} ({@code pool-*-thread-*}), and stands in the snapshot as one thread,
 * {@code pool-*-thread-* (ended threads)}: every call and time and every method's figures stay exact, only the split
 * by thread is gone. A group's thread id is its first thread's (no live thread has it).
 *
 * <p>{@link ThreadRegistry} calls this under its lock, on a new thread's first call; a tree larger than
 * {@link #MAX_NODES} is not folded, so that no such call waits for a big merge. Groups hold the results of one reset
 * generation: a reset starts them afresh. Plain arrays: nothing here may call into classes that could be instrumented.
 */
final class EndedThreads {

    /** Groups by name; ended threads of further names share one more group, {@code *}. */
    static final int MAX_GROUPS = 64;
    /** Trees larger than this are kept as their threads' own. */
    static final int MAX_NODES = 10_000;
    /** What a group's name adds to its threads' names. */
    static final String SUFFIX = " (ended threads)";
    private static final int MAX_PATTERN = 200;

    /** States of folded threads whose arrays new threads may take ({@link #spare()}), and how many. */
    private static final int SPARES = 8;
    /** A state with larger arrays than these is left to the collector: spares are for small threads. */
    private static final int SPARE_NODES = 256;
    private static final int SPARE_FRAMES = 256;

    /**
     * The calibration's section counts of threads that are gone from the registry with their trees (their trees were
     * from before a reset): a thread's sections count for the whole session, as a live thread's do across a reset.
     */
    final ThreadState gone = ThreadState.group(-1, "ended threads' sections");
    private final ThreadState[] spares = new ThreadState[SPARES];
    private int spareCount;
    private ThreadState[] groups = new ThreadState[4];
    private String[] patterns = new String[4];
    private long[] threads = new long[4];
    private int count;
    private long folded;
    private int generation = Recording.generation();

    /**
     * Folds an ended thread that recorded since the last reset into its group. False when it keeps its own tree:
     * too large, or no node budget or heap for the paths its group lacks (nothing changed then).
     */
    boolean fold(ThreadState s) {
        if (generation != Recording.generation()) clear();
        int n = s.nodeCount;
        if (n > MAX_NODES) return false;
        if (n <= 1 && s.rows.count == 0 && s.droppedCalls == 0) {
            NodeBudget.giveBack(s.nodesGranted - 1);  // it recorded nothing: nothing to fold
            return true;
        }
        try {
            return merge(s, groupOf(s), n);
        } catch (OutOfMemoryError heapFull) {
            return false;  // before anything changed: every allocation comes first
        }
    }

    private boolean merge(ThreadState s, ThreadState g, int n) {
        int W = ThreadState.W;
        long[] src = s.nodes;
        // the group's node for each of the thread's, or -1 for a path the group lacks (its children lack theirs too)
        int[] map = new int[n];
        int needed = 0;
        for (int i = 1; i < n; i++) {
            long key = src[i * W + ThreadState.KEY];
            int parent = map[ThreadState.keyParent(key)];
            int node = parent < 0 ? 0 : g.find(parent, ThreadState.keyMethod(key));
            map[i] = node > 0 ? node : -1;
            if (node <= 0) needed++;
        }
        int[] rowOf = new int[s.rows.count];
        if (needed > 0 && !NodeBudget.takeExactly(needed)) return false;
        if (!TreeStorage.reserve(g, needed)) {
            NodeBudget.giveBack(needed);
            return false;
        }
        for (int r = 0; r < rowOf.length; r++) {
            rowOf[r] = g.rows.of(s.rows.method(r));
            if (rowOf[r] < 0) {
                NodeBudget.giveBack(needed);  // a row made for nothing counts no call: no one sees it
                return false;
            }
        }
        // from here on nothing allocates (but the sections, which may stay behind)
        g.nodesGranted += needed;
        for (int i = 1; i < n; i++) {
            int b = i * W;
            int node = map[i];
            if (node < 0) {
                long key = src[b + ThreadState.KEY];
                int row = (int) (src[b + ThreadState.WORD] & ThreadState.ROW_MASK);
                node = TreeStorage.append(g, map[ThreadState.keyParent(key)], ThreadState.keyMethod(key),
                        row == ThreadState.NO_ROW ? ThreadState.NO_ROW : rowOf[row]);
                map[i] = node;
            }
            long[] dst = g.nodes;
            int d = node * W;
            dst[d + ThreadState.WORD] += src[b + ThreadState.WORD] & ~ThreadState.ROW_MASK;  // its calls
            dst[d + ThreadState.SELF] += src[b + ThreadState.SELF];
            if (Calibration.ON) dst[d + ThreadState.ADJUST] += src[b + ThreadState.ADJUST];
        }
        long[] from = s.rows.data;
        long[] to = g.rows.data;
        for (int r = 0; r < rowOf.length; r++) {
            int a = r * MethodRows.R;
            int c = rowOf[r] * MethodRows.R;
            to[c + MethodRows.TOTAL] += from[a + MethodRows.TOTAL];
            to[c + MethodRows.TOTAL_ADJUST] += from[a + MethodRows.TOTAL_ADJUST];
            to[c + MethodRows.CALLS] += from[a + MethodRows.CALLS];
            to[c + MethodRows.SELF] += from[a + MethodRows.SELF];
            to[c + MethodRows.ADJUST] += from[a + MethodRows.ADJUST];
        }
        g.droppedCalls += s.droppedCalls;
        g.foldedCalls += s.foldedCalls;
        g.beyondCalls += s.beyondCalls;
        long after = s.shape.foldedAfter;
        if (after >= 0 && (g.shape.foldedAfter < 0 || after < g.shape.foldedAfter)) g.shape.foldedAfter = (int) after;
        NodeBudget.giveBack(s.nodesGranted - 1);
        for (int k = 0; k < count; k++) if (groups[k] == g) threads[k]++;
        folded++;
        addSections(g, s);
        if (spareCount < SPARES && s.nodes.length <= SPARE_NODES * W && s.frameNode.length <= SPARE_FRAMES) {
            spares[spareCount++] = s;
        }
        return true;
    }

    /**
     * The state of a folded thread, for a new thread to take its arrays (nothing reads it any more: it left the
     * registry, its thread's locals went with the thread, and no snapshot is being written); null when there is none.
     */
    ThreadState spare() {
        if (spareCount == 0) return null;
        ThreadState s = spares[--spareCount];
        spares[spareCount] = null;
        return s;
    }

    /** A thread that leaves the registry without its tree: its sections still count. */
    void keepSections(ThreadState s) {
        addSections(gone, s);
    }

    private static void addSections(ThreadState into, ThreadState s) {
        try {
            if (into.sections != null && s.sections != null) into.sections.addAll(s.sections);
            if (into.exactSections != null && s.exactSections != null) into.exactSections.addAll(s.exactSections);
        } catch (OutOfMemoryError heapFull) {
            // the calibration's statistics lose a thread's sections; nothing else does
        }
    }

    private ThreadState groupOf(ThreadState s) {
        Thread t = s.thread.get();
        String pattern = pattern(t != null ? t.getName() : s.threadName);
        int i = indexOf(pattern);
        if (i < 0 && count >= MAX_GROUPS) {
            pattern = "*";
            i = indexOf(pattern);
        }
        if (i >= 0) return groups[i];
        ThreadState g = ThreadState.group(s.threadId, pattern + SUFFIX);
        g.shape.foldedAfter = -1;
        if (count == groups.length) {
            ThreadState[] more = new ThreadState[count * 2];
            String[] names = new String[count * 2];
            long[] counts = Grow.copy(threads, count * 2);
            System.arraycopy(groups, 0, more, 0, count);
            System.arraycopy(patterns, 0, names, 0, count);
            groups = more;
            patterns = names;
            threads = counts;
        }
        groups[count] = g;
        patterns[count] = pattern;
        threads[count] = 0;
        count++;
        return g;
    }

    private int indexOf(String pattern) {
        for (int i = 0; i < count; i++) if (patterns[i].equals(pattern)) return i;
        return -1;
    }

    /** The name with every run of digits as {@code *}: {@code pool-3-thread-17} is {@code pool-*-thread-*}. */
    static String pattern(String name) {
        int length = Math.min(name.length(), MAX_PATTERN);
        char[] out = new char[length];
        int n = 0;
        boolean inDigits = false;
        for (int i = 0; i < length; i++) {
            char c = name.charAt(i);
            boolean digit = c >= '0' && c <= '9';
            if (!digit) {
                out[n++] = c;
            } else if (!inDigits) {
                out[n++] = '*';
            }
            inDigits = digit;
        }
        return new String(out, 0, n);
    }

    /** A reset: the groups held the results before it. Their nodes went back with the budget's reset. */
    private void clear() {
        for (int i = 0; i < count; i++) {
            keepSections(groups[i]);
            groups[i] = null;
        }
        count = 0;
        folded = 0;
        generation = Recording.generation();
    }

    /** The groups of the current generation. */
    ThreadState[] groups() {
        if (generation != Recording.generation()) return new ThreadState[0];
        ThreadState[] g = new ThreadState[count];
        System.arraycopy(groups, 0, g, 0, count);
        return g;
    }

    /** Threads folded since the last reset. */
    long folded() {
        return generation != Recording.generation() ? 0 : folded;
    }

    /** Per group of {@link #groups()}: how many threads it holds. */
    long[] threadsPerGroup() {
        if (generation != Recording.generation()) return new long[0];
        return Grow.slice(threads, 0, count);
    }
}
