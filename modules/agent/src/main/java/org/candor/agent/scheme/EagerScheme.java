package org.candor.agent.scheme;

import java.lang.instrument.Instrumentation;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.candor.agent.filter.ClassFilter;
import org.candor.agent.instrument.ProbeKind;
import org.candor.probe.FirstRun;

/**
 * The Eager scheme: as a class loads, every method of it that the roots can reach is instrumented at once, and so
 * is what those methods may call in classes already loaded (by an agent thread right after the load, and at the
 * latest before the next first run of an instrumented method). It instruments many more methods than run, but
 * after the start-up it retransforms little.
 */
public final class EagerScheme extends RootScheme {

    private final ConcurrentLinkedQueue<Integer> queue = new ConcurrentLinkedQueue<>();

    public EagerScheme(ClassFilter filter, RootMethods roots) {
        super(filter, roots, 0);
    }

    @Override
    String name() { return "eager"; }

    @Override
    public void start(Instrumentation inst, Collection<Class<?>> stale) {
        super.start(inst, stale);
        drain();
    }

    @Override
    void notExpanded(int methodId) {
        queue.add(methodId);
        FirstRun.mark(methodId);
        wakeWorker();
    }

    @Override
    Collection<Integer> queued() {
        List<Integer> ids = new ArrayList<>();
        for (Integer id; (id = queue.poll()) != null; ) ids.add(id);
        return ids;
    }

    @Override
    public void firstRun(int methodId) {
        drain();
    }

    @Override
    void closeWithinClass(String className, ClassFilter.Decision decision, Map<String, Set<CallSite>> sites,
                          Map<String, ProbeKind> kinds) {
        Deque<String> todo = new ArrayDeque<>(kinds.keySet());
        while (!todo.isEmpty()) {
            Set<CallSite> calls = sites.get(todo.poll());
            if (calls == null) continue;
            for (CallSite c : calls) {
                if (chooseCallOnOwnClass(className, decision, sites, kinds, c)) todo.add(c.method);
            }
        }
    }
}
