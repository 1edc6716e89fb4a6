import java.nio.file.Path;
import java.util.Map;
import org.candor.core.analysis.HotSpot;
import org.candor.core.analysis.HotSpots;
import org.candor.core.analysis.ProbeEffect;
import org.candor.core.model.MethodInfo;
import org.candor.core.model.Snapshot;
import org.candor.core.model.ThreadProfile;
import org.candor.core.snapshot.SnapshotReader;

/**
 * The figures of a snapshot the full-size benchmark needs, one per line, tab-separated: {@code stat KEY VALUE},
 * {@code thread NAME TOTAL_NS RAW_TOTAL_NS CALLS} (all its calls) and
 * {@code method CLASS.NAME CALLS SELF TOTAL RAW_SELF RAW_TOTAL EFFECT} (the flat profile over all threads, as the report's
 * hot spots; EFFECT is core's estimate of the probes' effect in the self time, -1 without one).
 */
public final class SnapshotFigures {
    public static void main(String[] args) throws Exception {
        Snapshot s = SnapshotReader.read(Path.of(args[0]));
        for (Map.Entry<String, Long> e : s.stats().entrySet()) System.out.println("stat\t" + e.getKey() + "\t" + e.getValue());
        int calls = s.metricIndex("calls");
        int total = s.metricIndex("total_time");
        int self = s.metricIndex("self_time");
        int rawTotal = s.metricIndex("raw_total_time");
        int rawSelf = s.metricIndex("raw_self_time");
        if (rawTotal < 0) rawTotal = total;
        if (rawSelf < 0) rawSelf = self;
        for (ThreadProfile t : s.threads()) {
            long threadCalls = 0;
            for (HotSpot h : HotSpots.compute(s, java.util.List.of(t))) threadCalls += h.value(calls);
            System.out.println("thread\t" + t.name() + "\t" + t.root().value(total) + "\t" + t.root().value(rawTotal)
                    + "\t" + threadCalls);
        }
        ProbeEffect effect = ProbeEffect.of(s.stats(), s.info());
        if (effect != null) effect = effect.on(s.metrics());
        for (HotSpot h : HotSpots.compute(s, s.threads())) {
            MethodInfo m = h.method();
            long estimate = effect == null ? -1 : effect.of(h);
            System.out.println("method\t" + m.className() + "." + m.name() + "\t" + h.value(calls) + "\t" + h.value(self)
                    + "\t" + h.value(total) + "\t" + h.value(rawSelf) + "\t" + h.value(rawTotal) + "\t" + estimate);
        }
    }
}
