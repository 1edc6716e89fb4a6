package org.candor.agent.scheme;

import java.util.Collections;
import org.candor.agent.filter.ClassFilter;
import org.candor.probe.FirstRun;

/**
 * The Lazy scheme (the default with root methods): the roots are instrumented first; the first time an
 * instrumented method runs inside a root, what it may call is instrumented before that call proceeds. The
 * instrumented set stays close to the set of methods actually invoked from the roots.
 */
public final class LazyScheme extends RootScheme {

    /** @param lookahead levels of callees expanded ahead of their first run; 0 is the seed's Lazy */
    public LazyScheme(ClassFilter filter, RootMethods roots, int lookahead) {
        super(filter, roots, lookahead);
    }

    @Override
    String name() { return "lazy"; }

    @Override
    void notExpanded(int methodId) {
        FirstRun.mark(methodId);
    }

    @Override
    public void firstRun(int methodId) {
        synchronized (expansionLock) {
            expand(Collections.singletonList(methodId));
        }
    }
}
