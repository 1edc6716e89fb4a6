package org.candor.client.system;

import java.util.List;
import java.util.Set;

/**
 * A {@code java} command line split as the launcher reads it: the JVM's options, then what it runs (a main class or
 * source file, {@code -jar FILE}, or {@code -m MODULE[/CLASS]}), then the program's own arguments, which are not
 * options of the JVM however they look. An {@code @argfile} counts as an option; what it holds is not read.
 *
 * @param main the main class, source file, jar file (as given) or module; empty when the command names none
 * @param jar whether {@code main} is a jar file ({@code -jar})
 */
public record JvmCommandLine(List<String> options, String main, boolean jar, List<String> arguments) {

    /** Launcher options whose value is the next argument. */
    private static final Set<String> WITH_VALUE = Set.of("-cp", "-classpath", "--class-path", "-p", "--module-path",
            "--upgrade-module-path", "--add-modules", "--limit-modules", "--add-reads", "--add-exports", "--add-opens",
            "--patch-module", "--enable-native-access", "--source", "--describe-module", "-d");

    public JvmCommandLine {
        options = List.copyOf(options);
        arguments = List.copyOf(arguments);
    }

    /** From the process's arguments, the executable first. */
    public static JvmCommandLine parse(List<String> argv) {
        for (int i = 1; i < argv.size(); i++) {
            String arg = argv.get(i);
            List<String> options = argv.subList(1, i);
            if (arg.equals("-jar") || arg.equals("-m") || arg.equals("--module")) {
                String main = i + 1 < argv.size() ? argv.get(i + 1) : "";
                return new JvmCommandLine(options, main, arg.equals("-jar"), argv.subList(Math.min(i + 2, argv.size()), argv.size()));
            }
            if (arg.startsWith("--module=")) {
                return new JvmCommandLine(options, arg.substring("--module=".length()), false, argv.subList(i + 1, argv.size()));
            }
            // @argfiles hold more options (not read here: their flags stay unknown)
            if (!arg.startsWith("-") && !arg.startsWith("@")) {
                return new JvmCommandLine(options, arg, false, argv.subList(i + 1, argv.size()));
            }
            if (WITH_VALUE.contains(arg)) i++;
        }
        return new JvmCommandLine(argv.size() <= 1 ? List.of() : argv.subList(1, argv.size()), "", false, List.of());
    }
}
