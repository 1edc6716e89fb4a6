package org.candor.agent.scheme;

import java.lang.instrument.Instrumentation;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import org.candor.agent.filter.ClassFilter;
import org.candor.agent.instrument.MethodChoice;
import org.candor.agent.instrument.ProbeKind;
import org.candor.core.model.SnapshotInfo;

/**
 * The Total scheme: every method of every class that passes the filter is instrumented, as the class loads;
 * classes already loaded when the agent starts are retransformed at once.
 */
public final class TotalScheme implements Scheme {

    private final ClassFilter filter;
    private final PatternUse patterns;

    public TotalScheme(ClassFilter filter) {
        this.filter = filter;
        this.patterns = new PatternUse(filter.includes(), Collections.emptyList());
    }

    @Override
    public void loaded(String className) {
        patterns.loaded(className);
    }

    @Override
    public MethodChoice choose(String className, ClassLoader loader, Class<?> redefined, byte[] classFile,
                               ClassFilter.Decision decision) {
        if (decision == ClassFilter.Decision.ALL_METHODS) return (name, descriptor) -> ProbeKind.TOTAL;
        return (name, descriptor) -> filter.includesMethod(className, name, descriptor) ? ProbeKind.TOTAL : null;
    }

    @Override
    public void start(Instrumentation inst, Collection<Class<?>> stale) {
        patterns.start(inst);
        List<Class<?>> loaded = new ArrayList<>();
        for (Class<?> c : LoadedClasses.modifiable(inst)) {
            if (filter.decide(c.getName()) != ClassFilter.Decision.SKIP) loaded.add(c);
        }
        LoadedClasses.retransform(inst, LoadedClasses.union(loaded, stale));
    }

    @Override
    public void stop() {
        patterns.stop();
    }

    @Override
    public void addInfo(SnapshotInfo info) {
        patterns.addTo(info);
    }
}
