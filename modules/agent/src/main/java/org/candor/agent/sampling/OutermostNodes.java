package org.candor.agent.sampling;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.candor.core.snapshot.SoftSpare;

/**
 * Per thread, which nodes of its sampled tree are the outermost of their method on their path (no ancestor calls the
 * same method): a flat profile sums a method's inclusive figures over those alone. Between two resets of the sampler
 * a tree only grows (nodes are appended, none changes its parent or method; renumbering the methods keeps which
 * nodes share one), so the answers are kept from one live snapshot to the next, held softly ({@link SoftSpare}), and
 * only the nodes added since are looked at: a refresh no longer walks the whole tree for its flat profile.
 */
final class OutermostNodes {

    private static final SoftSpare<OutermostNodes> SPARE = new SoftSpare<>();

    /** One thread's answers for its first {@code known} nodes. */
    private static final class Known {
        boolean[] outermost = new boolean[0];
        int known;
    }

    private long generation = Long.MIN_VALUE;
    private Map<Long, Known> threads = new HashMap<>();
    /** The threads of the snapshot being written: only they are kept for the next one. */
    private Map<Long, Known> seen = new HashMap<>();

    /** The answers of the last snapshot when they are of the same {@code generation} (no reset since), else none. */
    static OutermostNodes take(long generation) {
        OutermostNodes o = SPARE.take();
        if (o == null) o = new OutermostNodes();
        if (o.generation != generation) {
            o.threads.clear();
            o.generation = generation;
        }
        o.seen = new HashMap<>();
        return o;
    }

    /** Done with this snapshot: the threads it had are kept for the next one. */
    void giveBack() {
        threads = seen;
        seen = new HashMap<>();
        SPARE.giveBack(this);
    }

    /**
     * Per node of the thread's first {@code n} nodes, whether it is the outermost node of its method on its path;
     * valid until the next call for this thread. Node 0, the root, has no method.
     */
    boolean[] of(long threadId, int[] parent, int[] method, int n) {
        Known k = threads.remove(threadId);
        if (k == null || k.known > n) k = new Known();  // new, or a tree that shrank (cannot without a reset)
        seen.put(threadId, k);
        if (k.outermost.length < n) k.outermost = Arrays.copyOf(k.outermost, (int) Math.min(Integer.MAX_VALUE - 8, n + (long) (n >> 3)));
        boolean[] outermost = k.outermost;
        for (int i = Math.max(1, k.known); i < n; i++) {
            int m = method[i];
            boolean outer = true;
            for (int a = parent[i]; a > 0; a = parent[a]) {
                if (method[a] == m) {
                    outer = false;
                    break;
                }
            }
            outermost[i] = outer;
        }
        k.known = n;
        return outermost;
    }
}
