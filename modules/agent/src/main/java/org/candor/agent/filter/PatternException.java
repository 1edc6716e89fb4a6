package org.candor.agent.filter;

/** A malformed include or exclude pattern; the message names the pattern and the fault. */
public final class PatternException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public PatternException(String pattern, String fault) {
        super("pattern '" + pattern + "' is malformed: " + fault);
    }
}
