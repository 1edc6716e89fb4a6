package org.candor.core.imports;

import org.candor.core.snapshot.SnapshotFormatException;

/**
 * A profile of another tool's format (JFR, collapsed stacks) that cannot be imported: one line naming the file (and
 * the line, for text) and what is wrong, fit to show a user as is. A {@link SnapshotFormatException}, so that every
 * place that reports an unreadable snapshot reports it the same way.
 */
public final class ProfileImportException extends SnapshotFormatException {

    private static final long serialVersionUID = 1L;

    /** {@code x.jfr: is not a complete JFR recording}: the file, a colon, the problem. */
    ProfileImportException(String file, String problem) {
        super(file, problem, file + ": " + problem);
    }

    /** {@code x.collapsed:17: not 'frames count'}: the file, the line number, the problem. */
    ProfileImportException(String file, long line, String problem) {
        super(file, problem, file + ":" + line + ": " + problem);
    }
}
