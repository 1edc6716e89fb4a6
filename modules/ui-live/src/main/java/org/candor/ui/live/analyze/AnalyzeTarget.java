package org.candor.ui.live.analyze;

import java.nio.file.Path;
import java.util.List;
import org.candor.client.JvmDetails;
import org.candor.client.code.ClassPathCode;
import org.candor.client.code.CodeSource;
import org.candor.client.code.SessionCode;
import org.candor.client.system.JvmCommandLine;

/**
 * Where an Analyze Performance task runs: a local JVM to attach to, a program to launch, or a running session whose
 * settings change. It also says where the root browser finds classes: a session's loaded classes, else the class
 * path of the program's command line (nothing is loaded into the JVM to browse it).
 */
public final class AnalyzeTarget {

    public enum Kind { ATTACH, LAUNCH, SESSION }

    private final Kind kind;
    private final long pid;
    private final String label;
    private final boolean hasSession;
    private final List<String> command;
    private final Path workingDirectory;

    private AnalyzeTarget(Kind kind, long pid, String label, boolean hasSession, List<String> command, Path workingDirectory) {
        this.kind = kind;
        this.pid = pid;
        this.label = label;
        this.hasSession = hasSession;
        this.command = command == null ? List.of() : List.copyOf(command);
        this.workingDirectory = workingDirectory;
    }

    /** A local JVM without a running session. */
    public static AnalyzeTarget attach(long pid, String label) {
        return new AnalyzeTarget(Kind.ATTACH, pid, label, false, null, null);
    }

    public static AnalyzeTarget launch(List<String> command, Path workingDirectory) {
        return new AnalyzeTarget(Kind.LAUNCH, -1, String.join(" ", command), false, command, workingDirectory);
    }

    public static AnalyzeTarget session(long pid, String label) {
        return new AnalyzeTarget(Kind.SESSION, pid, label, true, null, null);
    }

    public Kind kind() { return kind; }
    public long pid() { return pid; }
    public List<String> command() { return command; }
    public Path workingDirectory() { return workingDirectory; }

    /** "JVM 4242 (com.acme.Main)" or the command line. */
    public String label() {
        return kind == Kind.LAUNCH ? label : "JVM " + pid + (label.isEmpty() ? "" : " (" + label + ")");
    }

    /** Where Browse… finds classes; call off the event thread (it reads /proc). */
    CodeSource code() {
        if (hasSession) return new SessionCode(pid);
        if (kind == Kind.LAUNCH) return ClassPathCode.ofCommand(command, workingDirectory);
        JvmDetails d = JvmDetails.of(pid);
        return ClassPathCode.ofCommand(d.commandLine(), d.workingDirectory());
    }

    /** The main class as far as the command line tells (for "my packages"; a jar names none). */
    String mainClass() {
        return kind == Kind.LAUNCH ? JvmCommandLine.parse(command).main() : label;
    }

    @Override public String toString() { return label(); }
}
