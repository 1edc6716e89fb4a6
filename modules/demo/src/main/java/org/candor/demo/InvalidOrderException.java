package org.candor.demo;

/** A malformed order line. */
final class InvalidOrderException extends Exception {
    private static final long serialVersionUID = 1L;

    InvalidOrderException(String message) {
        super(message);
    }
}
