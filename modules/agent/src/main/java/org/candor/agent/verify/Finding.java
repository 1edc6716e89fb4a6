package org.candor.agent.verify;

/** One verifier's complaint about one class, in one method where it says which. */
final class Finding {

    /** The class the verifier names (internal name; a superclass's failure shows in its subclasses), or null. */
    final String owner;
    /** Name and descriptor, or null for the class as a whole. */
    final String method;
    /** One line. */
    final String message;
    /** Which verifier said it: "HotSpot" or "ASM". */
    final String verifier;

    Finding(String owner, String method, String message, String verifier) {
        this.owner = owner;
        this.method = method;
        this.message = message.replace('\n', ' ').replace('\r', ' ');
        this.verifier = verifier;
    }
}
