package org.candor.agent.control;

import java.nio.file.Path;

/**
 * What the control channel can ask of a profiling session. A mode that cannot do something answers with one
 * clear error, which the client prints.
 */
interface ControlledSession {

    /** Called first on each of the channel's own threads: the one that accepts, and each that serves connections. */
    default void serverThreadStarted() {}

    Reply start();

    Reply stop();

    Reply reset();

    Reply snapshot(Path file);

    /** A live view's snapshot: each thread's heaviest {@code pathsPerThread} paths, the rest summed (TreeCut). */
    Reply live(Path file, int pathsPerThread);

    /** Restores the original bytecode and stops recording; writes {@code finalSnapshot} first when not null. */
    Reply detach(Path finalSnapshot);

    Reply status();

    /** New roots, scheme or filters (agent-option syntax); the collected results are cleared. */
    Reply set(String changes);

    /**
     * After a detach, a new session in this JVM (agent-option syntax: roots, scheme, filters, output; the rest as the
     * agent was loaded with): the probes go back in and record from now on.
     */
    default Reply resume(String settings) {
        return Reply.error("this session cannot resume");
    }

    /** Loaded classes whose name holds {@code text} (any when empty), for choosing roots. */
    default Reply classes(String text) {
        return Reply.error("this session cannot list classes");
    }

    /** The methods a loaded class declares. */
    default Reply methods(String className) {
        return Reply.error("this session cannot list methods");
    }
}
