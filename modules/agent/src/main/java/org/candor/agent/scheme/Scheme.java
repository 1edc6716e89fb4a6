package org.candor.agent.scheme;

import java.lang.instrument.Instrumentation;
import org.candor.agent.instrument.CandorTransformer;
import org.candor.agent.instrument.ClassChooser;
import org.candor.core.model.Snapshot;

/**
 * An instrumentation scheme: which methods get probes, and when (seed 002). {@link TotalScheme} instruments every
 * method that passes the filters as its class loads; {@link LazyScheme} and {@link EagerScheme} start from root
 * methods and instrument what they may call.
 */
public interface Scheme extends ClassChooser {

    /** Registers the transformer and instruments what is already loaded. */
    void start(Instrumentation inst, CandorTransformer transformer);

    /** The scheme's own counts, into a snapshot's statistics ({@code scheme.*}). */
    default void addStats(Snapshot s) {}
}
