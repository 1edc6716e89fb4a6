package org.candor.client.system;

import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * What a running JVM allows Candor, judged from its {@link TargetFacts}: whether Candor may attach at all (else one
 * line, {@link #refusal}) and, when it may, one row per check. Pure, like {@link MachineChecks}.
 */
public final class TargetChecks {

    public static final String PROCESS = "process";
    public static final String OWNER = "owner";
    public static final String JAVA_VERSION = "Java version";
    public static final String ATTACH = "attach";
    public static final String DYNAMIC_AGENT_LOADING = "dynamic agent loading";

    /** The oldest JDK Candor's agent runs on (its classes are compiled for it). */
    static final int OLDEST_JDK = 11;
    /** From this JDK on, an agent loaded into a running JVM prints a warning unless it allows them (JEP 451). */
    static final int WARNING_JDK = 21;

    private TargetChecks() {}

    /** Why Candor cannot attach to this process at all, in one line; empty when it is a live JVM. */
    public static Optional<String> refusal(TargetFacts t) {
        if (t.status().ended()) return Optional.of("no process " + t.pid() + " (it has ended)");
        if (!t.jvm()) {
            return Optional.of("process " + t.pid() + " (" + t.main() + ") is not a Java VM (no libjvm.so in its memory);"
                    + " 'candor list' shows your JVMs");
        }
        return Optional.empty();
    }

    /** The rows of a process that {@link #refusal} lets through; {@code euid} is ours, {@code paranoid} the kernel's. */
    public static Readiness of(TargetFacts t, int euid, OptionalInt paranoid) {
        return new Readiness(title(t), List.of(process(t), owner(t, euid), javaVersion(t), attach(t), dynamicAgentLoading(t),
                MachineChecks.perfEvents(paranoid, t.status().capabilities(), name(t))));
    }

    /** "process 4242 (org.acme.Main)". */
    public static String title(TargetFacts t) {
        return name(t) + " (" + t.main() + ")";
    }

    static Check process(TargetFacts t) {
        if (t.status().stopped()) {
            String how = t.status().state() == 't' ? "by a debugger" : "(SIGSTOP, or Ctrl+Z in its terminal)";
            return Check.unavailable(PROCESS, name(t) + " is stopped " + how + ": it cannot answer an attach until it runs"
                    + " again", "kill -CONT " + t.pid() + ", or let its debugger continue");
        }
        return Check.available(PROCESS, name(t) + " is " + t.status().stateWord());
    }

    static Check owner(TargetFacts t, int euid) {
        OptionalInt owner = t.status().effectiveUid();
        if (owner.isPresent() && owner.getAsInt() != euid) {
            return Check.unavailable(OWNER, name(t) + " runs as uid " + owner.getAsInt() + " and you are uid " + euid
                    + ": Candor attaches only to your own programs", "run Candor as uid " + owner.getAsInt());
        }
        return Check.available(OWNER, name(t) + " runs as uid " + euid + ", as you do");
    }

    static Check javaVersion(TargetFacts t) {
        OptionalInt feature = feature(t);
        if (feature.isEmpty()) {
            return Check.limited(JAVA_VERSION, "the JDK at " + t.javaHome() + " has no release file that says its version",
                    "Candor's agent needs JDK " + OLDEST_JDK + " or newer");
        }
        String jdk = "JDK " + feature.getAsInt() + " (" + t.release().version() + " at " + t.javaHome() + ")";
        if (feature.getAsInt() < OLDEST_JDK) {
            return Check.unavailable(JAVA_VERSION, jdk + " is older than Candor's agent runs on",
                    "run the program on JDK " + OLDEST_JDK + " or newer");
        }
        return Check.available(JAVA_VERSION, jdk);
    }

    static Check attach(TargetFacts t) {
        if (t.flags().flag("DisableAttachMechanism").orElse(false)) {
            return Check.unavailable(ATTACH, name(t) + " was started with -XX:+DisableAttachMechanism, so it takes no"
                    + " attach", "restart it without that option, or start it with candor profile");
        }
        return Check.available(ATTACH, name(t) + " takes an attach (no -XX:+DisableAttachMechanism)");
    }

    static Check dynamicAgentLoading(TargetFacts t) {
        OptionalInt feature = feature(t);
        boolean allowed = t.flags().flag("EnableDynamicAgentLoading").orElse(false);
        String warning = "when Candor attaches, the JVM prints a warning about a dynamically loaded agent on the"
                + " program's stderr";
        String remedy = "start it with -XX:+EnableDynamicAgentLoading, or with candor profile, to avoid the warning";
        if (allowed) {
            return Check.available(DYNAMIC_AGENT_LOADING, name(t) + " was started with -XX:+EnableDynamicAgentLoading:"
                    + " Candor attaches without a warning");
        }
        if (feature.isEmpty()) {
            return Check.limited(DYNAMIC_AGENT_LOADING, "its JDK's version is unknown; if it is " + WARNING_JDK
                    + " or newer, " + warning, remedy);
        }
        if (feature.getAsInt() < WARNING_JDK) {
            return Check.available(DYNAMIC_AGENT_LOADING, "JDK " + feature.getAsInt() + " loads agents at run time without a"
                    + " warning");
        }
        return Check.limited(DYNAMIC_AGENT_LOADING, name(t) + " runs JDK " + feature.getAsInt() + " without"
                + " -XX:+EnableDynamicAgentLoading: " + warning, remedy);
    }

    private static OptionalInt feature(TargetFacts t) {
        return t.release() == null ? OptionalInt.empty() : t.release().feature();
    }

    private static String name(TargetFacts t) {
        return "process " + t.pid();
    }
}
