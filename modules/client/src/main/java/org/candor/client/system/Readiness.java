package org.candor.client.system;

import java.util.List;

/** The checks of one subject, "this machine" or "process 4242 (com.acme.Main)", in the order they are shown. */
public record Readiness(String title, List<Check> checks) {

    public Readiness {
        checks = List.copyOf(checks);
    }

    /** The check with this name, or null. */
    public Check check(String name) {
        return checks.stream().filter(c -> c.name().equals(name)).findFirst().orElse(null);
    }
}
