package org.candor.core.trace;

import java.io.IOException;

/**
 * A trace file, directory or meta that cannot be read: not one at all, of another major version, corrupt, or not
 * belonging with the rest. The message is one line, {@code SOURCE: problem}, fit to show a user as is.
 */
public class TraceFormatException extends IOException {

    private static final long serialVersionUID = 1L;

    private final String source;
    private final String problem;

    /**
     * @param source  the file or directory as the user named it
     * @param problem what is wrong: {@code "not a Candor trace file (it begins 50 4B 03 04 ...)"}
     */
    public TraceFormatException(String source, String problem) {
        super(TraceText.oneLine(source) + ": " + TraceText.oneLine(problem));
        this.source = source;
        this.problem = problem;
    }

    public String source() { return source; }
    public String problem() { return problem; }
}
