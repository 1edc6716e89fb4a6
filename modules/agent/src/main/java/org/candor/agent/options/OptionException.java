package org.candor.agent.options;

/** A bad agent option; the message is one line that names the option and what is wrong with it. */
public final class OptionException extends Exception {
    private static final long serialVersionUID = 1L;

    public OptionException(String message) {
        super(message);
    }
}
