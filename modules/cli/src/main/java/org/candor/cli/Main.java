package org.candor.cli;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.charset.Charset;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.candor.client.ClientException;

/**
 * The {@code candor} command. Exit codes: 0 done; 2 the command line is wrong; 1 something failed (one line on
 * stderr says what); 3 {@code diff --fail-on-regression} found a regression; for {@code profile}, the target's own
 * exit code.
 */
public final class Main {

    private final Map<String, Command> commands = new LinkedHashMap<>();
    private final Console console;

    Main(Console console) {
        this.console = console;
        for (Command c : List.of(new ProfileCommand(), new ReportCommand(), new CountersCommand(), new CalibrateCommand(),
                new DemoCommand(), new AttachCommand(), new ListCommand(), new CtlCommand(), new DiffCommand(), new CompareCommand(),
                new PerturbationCommand(),
                new CheckCommand(), new TraceCommand(), new VerifyCommand())) {
            commands.put(c.name(), c);
        }
    }

    public static void main(String[] args) {
        FileOutputStream stdout = new FileOutputStream(FileDescriptor.out);
        Console console = new Console(stdout, stdoutCharset(), System.err, stdout);
        System.exit(new Main(console).run(Arrays.asList(args)));
    }

    /** What System.out would encode with: the terminal's encoding (JDK 19+ names it), else the default. */
    private static Charset stdoutCharset() {
        String name = System.getProperty("stdout.encoding", System.getProperty("sun.stdout.encoding"));
        try {
            return name != null ? Charset.forName(name) : Charset.defaultCharset();
        } catch (IllegalArgumentException e) {
            return Charset.defaultCharset();
        }
    }

    /** Runs the command line; the exit code also says whether its results could be written. */
    int run(List<String> args) {
        return console.settle(runCommand(args));
    }

    private int runCommand(List<String> args) {
        if (args.isEmpty() || args.get(0).equals("help") || args.get(0).equals("--help") || args.get(0).equals("-h")) {
            return help(args.size() > 1 ? args.get(1) : null);
        }
        if (args.get(0).equals("version") || args.get(0).equals("--version")) {
            console.out.println("candor " + Version.get());
            return 0;
        }
        Command command = commands.get(args.get(0));
        if (command == null) {
            console.error("unknown command '" + args.get(0) + "' (commands: " + String.join(", ", commands.keySet()) + ")");
            return 2;
        }
        List<String> rest = args.subList(1, args.size());
        if (rest.contains("--help") && !rest.contains("--") || rest.equals(List.of("-h"))) {
            console.out.print(command.usage());
            return 0;
        }
        try {
            return command.run(rest, console);
        } catch (UsageException e) {
            console.error(e.getMessage());
            return 2;
        } catch (java.nio.file.NoSuchFileException e) {
            console.error("no such file: " + e.getFile());
            return 1;
        } catch (java.nio.file.AccessDeniedException e) {
            console.error("permission denied: " + e.getFile());  // reading, or making a file there
            return 1;
        } catch (ClientException | IOException e) {
            console.error(e.getMessage());
            return 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            console.error("interrupted");
            return 1;
        } catch (Exception e) {
            console.error("internal error: " + e);
            e.printStackTrace(console.err);
            return 1;
        }
    }

    private int help(String topic) {
        if (topic != null && commands.containsKey(topic)) {
            console.out.print(commands.get(topic).usage());
            return 0;
        }
        console.out.println("candor " + Version.get() + " - a Java profiler that tells the truth");
        console.out.println();
        console.out.println("usage: candor                     open the desktop app");
        console.out.println("       candor COMMAND [options]");
        console.out.println();
        for (Command c : commands.values()) console.out.printf("  %-12s %s%n", c.name(), c.summary());
        console.out.printf("  %-12s %s%n", "help", "help on a command: candor help profile");
        console.out.println();
        console.out.println("example:");
        console.out.println("  candor profile --include com.acme.** -o run.candor -- java -jar app.jar");
        console.out.println("  candor report run.candor");
        console.out.println("  candor attach 4242 --include com.acme.**; candor ctl 4242 snapshot -o now.candor");
        if (topic != null) {
            console.error("no command '" + topic + "'");
            return 2;
        }
        return 0;
    }
}
