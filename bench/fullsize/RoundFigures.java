import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import org.candor.core.model.CallNode;
import org.candor.core.model.MethodInfo;
import org.candor.core.model.Snapshot;
import org.candor.core.model.ThreadProfile;
import org.candor.core.snapshot.SnapshotReader;

/**
 * Each {@code JavacRounds.roundN} node of a snapshot, one per line, tab-separated: {@code round N TOTAL_NS RAW_TOTAL_NS
 * CALLS} (the calls in its subtree, its own included).
 */
public final class RoundFigures {
    public static void main(String[] args) throws Exception {
        Snapshot s = SnapshotReader.read(Path.of(args[0]));
        int calls = s.metricIndex("calls");
        int total = s.metricIndex("total_time");
        int rawTotal = s.metricIndex("raw_total_time");
        if (rawTotal < 0) rawTotal = total;
        for (ThreadProfile t : s.threads()) {
            Deque<CallNode> todo = new ArrayDeque<>();
            todo.push(t.root());
            while (!todo.isEmpty()) {
                CallNode n = todo.pop();
                for (CallNode c : n.children()) todo.push(c);
                if (n.isRoot()) continue;
                MethodInfo m = s.methods().get(n.methodId());
                if (!m.className().equals("JavacRounds") || !m.name().startsWith("round")) continue;
                System.out.println("round\t" + m.name().substring(5) + "\t" + n.value(total) + "\t" + n.value(rawTotal)
                        + "\t" + subtreeCalls(n, calls));
            }
        }
    }

    private static long subtreeCalls(CallNode top, int calls) {
        long sum = 0;
        Deque<CallNode> todo = new ArrayDeque<>();
        todo.push(top);
        while (!todo.isEmpty()) {
            CallNode n = todo.pop();
            sum += n.value(calls);
            for (CallNode c : n.children()) todo.push(c);
        }
        return sum;
    }
}
