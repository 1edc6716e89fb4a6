package org.candor.agent.snapshot;

import org.candor.core.model.Snapshot;

/** What a profiling mode hands over when the session ends: everything it recorded, as a snapshot. */
public interface SnapshotSource {
    Snapshot take();
}
