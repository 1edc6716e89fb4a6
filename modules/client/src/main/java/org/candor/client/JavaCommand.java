package org.candor.client;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

/**
 * A target's command line, {@code java <args...>}, exactly as the user gave it. The agents are added right after
 * the java executable; nothing else changes. A command that is not a java executable (a script that starts java)
 * gets the agents through JAVA_TOOL_OPTIONS instead.
 */
public final class JavaCommand {

    private final List<String> argv;
    private final Path executable;

    private JavaCommand(List<String> argv, Path executable) {
        this.argv = List.copyOf(argv);
        this.executable = executable;
    }

    public static JavaCommand of(List<String> argv) throws ClientException {
        if (argv.isEmpty()) throw new ClientException("no target command after '--' (expected: -- java <args...>)");
        String first = argv.get(0);
        Path exe = resolve(first);
        if (exe == null) {
            throw new ClientException("the target command '" + first + "' was not found (not a file, not on PATH)");
        }
        if (!Files.isExecutable(exe)) throw new ClientException("the target command '" + exe + "' is not executable");
        return new JavaCommand(argv, exe);
    }

    private static Path resolve(String command) {
        if (command.indexOf('/') >= 0) {
            Path p = Paths.get(command);
            return Files.isRegularFile(p) ? p : null;
        }
        String path = System.getenv("PATH");
        if (path == null) return null;
        for (String dir : path.split(File.pathSeparator)) {
            if (dir.isEmpty()) continue;
            Path p = Paths.get(dir, command);
            if (Files.isRegularFile(p)) return p;
        }
        return null;
    }

    /** True when the command is a java launcher itself (so agents can go on its command line). */
    public boolean isJavaLauncher() {
        String name = executable.getFileName().toString();
        return name.equals("java") || name.equals("java.exe");
    }

    /** The command with these JVM options inserted after the executable. */
    public List<String> withJvmOptions(List<String> jvmOptions) {
        List<String> out = new ArrayList<>();
        out.add(argv.get(0));
        out.addAll(jvmOptions);
        out.addAll(argv.subList(1, argv.size()));
        return out;
    }

    public List<String> argv() { return argv; }
}
