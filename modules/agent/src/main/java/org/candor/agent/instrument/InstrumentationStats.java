package org.candor.agent.instrument;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
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
