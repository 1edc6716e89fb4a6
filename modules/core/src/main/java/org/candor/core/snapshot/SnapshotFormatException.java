package org.candor.core.snapshot;

import java.io.IOException;

/**
 * A file that is not a readable Candor snapshot: not one at all, truncated, corrupt, or from a newer format. The
 * message is one line naming the source and the problem, fit to show a user as is.
 */
public class SnapshotFormatException extends IOException {

    private static final long serialVersionUID = 1L;

    private final String source;
    private final String problem;

    /**
     * @param source  the file or stream name
     * @param problem what is wrong, as a predicate: {@code "is corrupt: checksum mismatch"}
     */
    public SnapshotFormatException(String source, String problem) {
        super("snapshot " + oneLine(source) + " " + oneLine(problem));
        this.source = source;
        this.problem = problem;
    }

    /** For readers of other profile formats, whose one-line message names the file their own way ({@code x.collapsed:17: ...}). */
    protected SnapshotFormatException(String source, String problem, String message) {
        super(oneLine(message));
        this.source = source;
        this.problem = problem;
    }

    public String source() { return source; }
    public String problem() { return problem; }

    private static String oneLine(String s) {
        return s.replace("\r", "\\r").replace("\n", "\\n");
    }
}
