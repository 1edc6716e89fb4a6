package org.candor.core.snapshot;

/**
 * A snapshot whose trees do not fit this JVM's heap as objects: reading it into the object model would end in an
 * OutOfMemoryError. The message is one line, with the sizes; streaming readers ({@link SnapshotFile}) do not need
 * the trees in memory.
 */
public final class SnapshotTooLargeException extends SnapshotFormatException {

    private static final long serialVersionUID = 1L;

    private final String version;
    private final long bytesNeeded;

    /**
     * @param problem     what is wrong, as a predicate: {@code "is too large to load whole: ..."}
     * @param version     the snapshot's format version
     * @param bytesNeeded about how much heap its trees need as objects
     */
    public SnapshotTooLargeException(String source, String problem, String version, long bytesNeeded) {
        super(source, problem);
        this.version = version;
        this.bytesNeeded = bytesNeeded;
    }

    /** The snapshot's format version, e.g. {@code 1.0}. */
    public String version() { return version; }

    /** About how much heap its trees need as objects. */
    public long bytesNeeded() { return bytesNeeded; }
}
