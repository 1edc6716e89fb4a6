package org.candor.agent.instrument;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/** What instrumentation did in this session: counts, time spent, and why classes were left alone. */
public final class InstrumentationStats {

    private static final int MAX_FAILURES_KEPT = 50;

    public final AtomicLong classesInstrumented = new AtomicLong();
    public final AtomicLong classesRetransformed = new AtomicLong();
    public final AtomicLong classesFailed = new AtomicLong();
    public final AtomicLong methodsTooLarge = new AtomicLong();
    public final AtomicLong transformNanos = new AtomicLong();
    private final List<String> failures = new ArrayList<>();
    /** Class (internal name) to the number of methods with probes in it now; a retransformation replaces it. */
    private final ConcurrentHashMap<String, Integer> methodsNow = new ConcurrentHashMap<>();

    void methodsInstrumented(String internalName, int methods) {
        if (methods > 0) methodsNow.put(internalName, methods); else methodsNow.remove(internalName);
    }

    /** The original bytecode is back in every class (a detach): none has probes. */
    public void allRestored() {
        methodsNow.clear();
    }

    /** Methods with probes now (a class retransformed without them, after the settings changed, counts none). */
    public long methodsInstrumented() {
        long n = 0;
        for (int m : methodsNow.values()) n += m;
        return n;
    }

    /** Classes with probes now. */
    public int classesWithProbes() {
        return methodsNow.size();
    }

    /** The internal names of the classes with probes now. */
    public List<String> instrumentedClassNames() {
        return new ArrayList<>(methodsNow.keySet());
    }

    void failed(String className, Throwable t) {
        classesFailed.incrementAndGet();
        synchronized (failures) {
            if (failures.size() < MAX_FAILURES_KEPT) failures.add(className + ": " + t);
        }
    }

    public List<String> failures() {
        synchronized (failures) { return Collections.unmodifiableList(new ArrayList<>(failures)); }
    }
}
