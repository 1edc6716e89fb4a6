package org.candor.client;

/** Something the user can fix (a bad option, a missing file); the message is one line that says what. */
public final class ClientException extends Exception {
    private static final long serialVersionUID = 1L;

    public ClientException(String message) {
        super(message);
    }

    public ClientException(String message, Throwable cause) {
        super(message, cause);
    }
}
