package org.candor.agent.scheme;

import java.lang.instrument.Instrumentation;
import java.util.Collection;
import org.candor.agent.instrument.ClassChooser;
import org.candor.core.model.Snapshot;
import org.candor.core.model.SnapshotInfo;

/**
 * An instrumentation scheme: which methods get probes, and when (seed 002). {@link TotalScheme} instruments every
 * method that passes the filters as its class loads; {@link LazyScheme} and {@link EagerScheme} start from root
 * methods and instrument what they may call.
 */
public interface Scheme extends ClassChooser {

    /**
     * Instruments what is already loaded; the transformer asking {@link #choose} is registered already.
     *
     * @param stale loaded classes that carry another scheme's probes (the session's settings changed): rebuilt in the
     *              same pass, with this scheme's probes or none
     */
    void start(Instrumentation inst, Collection<Class<?>> stale);

    /** Ends what the scheme runs besides its answers to the transformer: before another scheme takes over, or detach. */
    default void stop() {}

    /** The scheme's own counts, into a snapshot's statistics ({@code scheme.*}). */
    default void addStats(Snapshot s) {}

    /** What the scheme has to say about its settings, into a snapshot's properties (patterns that matched nothing). */
    default void addInfo(SnapshotInfo info) {}
}
