package org.candor.core.snapshot;

/**
 * A snapshot whose trees do not fit this JVM's heap as objects: reading it into the object model would end in an
 * OutOfMemoryError. The message is one line, with the sizes; streaming readers ({@link SnapshotFile}) do not need
 * the trees in memory.
 */
public final class SnapshotTooLargeException extends SnapshotFormatException {

    private static final long serialVersionUID = 1L;

    SnapshotTooLargeException(String source, String problem) {
        super(source, problem);
    }
}
