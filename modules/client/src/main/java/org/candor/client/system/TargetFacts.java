package org.candor.client.system;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.candor.client.ClientException;
import org.candor.client.Processes;

/**
 * What a local process is, read from /proc: its status, its command line and initial environment (for the JVM's
 * flags), whether a libjvm.so is mapped into it, and that JDK's release file, read through the process's own root
 * (a container's JDK too).
 *
 * @param javaHome the JDK of the mapped libjvm.so, as the target sees it; null when it is not a JVM
 * @param release that JDK's release file; null when it has none, or it is not a JVM
 */
public record TargetFacts(long pid, ProcStatus status, JvmCommandLine command, Map<String, String> environment,
                          String javaHome, JavaRelease release) {

    /**
     * Reads a process of this user.
     * @throws ClientException when there is no such process, or another user's (Candor reads nothing of it then)
     */
    public static TargetFacts read(long pid) throws ClientException {
        Processes.checkOwn(pid);
        Path proc = Path.of("/proc", Long.toString(pid));
        ProcStatus status;
        Optional<ProcessJdk> jdk;
        try {
            status = ProcStatus.parse(Files.readString(proc.resolve("status"), StandardCharsets.UTF_8));
            jdk = ProcessJdk.read(proc);
        } catch (NoSuchFileException e) {
            throw new ClientException("no process " + pid);
        } catch (AccessDeniedException e) {
            throw new ClientException("cannot tell whether process " + pid + " is a JVM: reading " + e.getFile()
                    + " is not permitted");
        } catch (IOException | UncheckedIOException e) {
            throw new ClientException("cannot read /proc/" + pid + ": " + e.getMessage(), e);
        }
        // the JVM's flags; a file that cannot be read leaves them unknown, as for a JVM without such flags
        JvmCommandLine command = JvmCommandLine.parse(NulSeparated.read(proc.resolve("cmdline")));
        Map<String, String> env = NulSeparated.readEnvironment(proc.resolve("environ"));
        return new TargetFacts(pid, status, command, env, jdk.map(ProcessJdk::javaHome).orElse(null),
                jdk.map(ProcessJdk::release).orElse(null));
    }

    /** "org.acme.Main", "app.jar"; the process's name when it is no JVM or its command line names no main. */
    public String main() {
        return !jvm() || command.main().isEmpty() ? status.name() : command.main();
    }

    public boolean jvm() { return javaHome != null; }

    public JvmFlags flags() { return JvmFlags.of(command, environment); }
}
