package org.candor.cli;

/** The command line itself is wrong; exit code 2 and one line saying what. */
final class UsageException extends Exception {
    private static final long serialVersionUID = 1L;

    UsageException(String message) {
        super(message);
    }
}
