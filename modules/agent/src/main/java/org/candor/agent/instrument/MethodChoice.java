package org.candor.agent.instrument;

/** Which methods of one class get probes, as a scheme decided for it. */
public interface MethodChoice {

    /** The probe a method with code gets, or null to leave it alone. */
    ProbeKind kindOf(String name, String descriptor);

    /** Called for each method given probes, with the id its probes carry. */
    default void instrumented(int methodId, String name, String descriptor, ProbeKind kind) {}
}
