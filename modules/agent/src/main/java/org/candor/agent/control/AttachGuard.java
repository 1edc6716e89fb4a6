package org.candor.agent.control;

import org.candor.agent.AgentLog;
import org.candor.agent.filter.ClassFilter;
import org.candor.agent.filter.PatternException;
import org.candor.agent.options.AgentOptions;
import org.candor.agent.options.OptionException;

/**
 * Checks done before a session starts by dynamic attach, where ending the JVM (as a bad option does at launch) would
 * end the user's running program: a bad option or a second session is one line on the target's stderr and an
 * exception for the attaching tool, and the program runs on untouched.
 */
public final class AttachGuard {

    private static volatile boolean attached;

    private AttachGuard() {}

    /** Throws (with the line) when this attach must not start a session. */
    public static void check(String args) {
        String problem = problem(args);
        if (problem == null) {
            attached = true;
            return;
        }
        AgentLog.error(problem);
        throw new IllegalStateException(problem);
    }

    private static String problem(String args) {
        if (attached || ControlChannel.sessionStarted() || org.candor.probe.Recording.detached()) {
            return "a Candor session is already running in this JVM, or was detached from it ('candor ctl "
                    + ProcessHandle.current().pid() + " status'); after a detach, 'candor attach' starts a new one over its control channel";
        }
        try {
            AgentOptions options = AgentOptions.parse(args);
            new ClassFilter(options.includes(), options.excludes(), options.defaultExcludes());
            return null;
        } catch (OptionException | PatternException e) {
            return e.getMessage();
        }
    }

    /** How this session started: {@code attach} or {@code launch}. */
    static String origin() { return attached ? "attach" : "launch"; }
}
