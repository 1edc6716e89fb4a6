package org.candor.agent.scheme;

/** A method that some instrumented method may call: from an invoke instruction or a lambda's target. */
final class CallSite {

    /** Dotted name of the class the call names. */
    final String owner;
    /** Name and descriptor, e.g. {@code handle(Ljava/lang/String;)V}. */
    final String method;
    /** Dispatched on the receiver's class (invokevirtual, invokeinterface): overrides may run instead. */
    final boolean virtual;

    CallSite(String owner, String method, boolean virtual) {
        this.owner = owner;
        this.method = method;
        this.virtual = virtual;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof CallSite)) return false;
        CallSite c = (CallSite) o;
        return virtual == c.virtual && owner.equals(c.owner) && method.equals(c.method);
    }

    @Override
    public int hashCode() {
        return (owner.hashCode() * 31 + method.hashCode()) * 2 + (virtual ? 1 : 0);
    }

    @Override
    public String toString() {
        return owner + "." + method + (virtual ? " (virtual)" : "");
    }
}
