package org.candor.agent.control;

/**
 * The control channel's wire format, version 1 ({@code docs/formats/control.md}): UTF-8 lines. The client opens
 * with {@code candor-control 1 SECRET}, then sends one command per line; each answer is {@code ok [text]} or
 * {@code error TEXT}, then {@code key=value} lines, then an empty line.
 */
public final class ControlProtocol {

    public static final int VERSION = 1;
    public static final String HELLO = "candor-control";

    public static final String START = "start";
    public static final String STOP = "stop";
    public static final String RESET = "reset";
    public static final String SNAPSHOT = "snapshot";
    /** A live view's snapshot: {@code live PATHS PATH}, each thread's tree cut to its heaviest PATHS nodes. */
    public static final String LIVE = "live";
    public static final String DETACH = "detach";
    public static final String STATUS = "status";
    /** After a detach: a new session in the same JVM. */
    public static final String RESUME = "resume";
    /** Loaded classes whose name holds a text (the app's root browser). */
    public static final String CLASSES = "classes";
    /** The methods a loaded class declares. */
    public static final String METHODS = "methods";
    public static final String SET = "set";

    private ControlProtocol() {}
}
