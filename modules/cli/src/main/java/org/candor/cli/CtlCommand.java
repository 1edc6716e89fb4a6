package org.candor.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.candor.client.ClientException;
import org.candor.client.ControlClient;

/** {@code candor ctl PID COMMAND}: controls the session running in a JVM through its control channel. */
final class CtlCommand implements Command {

    private static final List<String> COMMANDS = List.of("status", "snapshot", "reset", "stop", "start", "detach");

    @Override public String name() { return "ctl"; }

    @Override public String summary() { return "control a running session: status, snapshot, reset, stop, start, detach"; }

    @Override public String usage() {
        return "usage: candor ctl PID COMMAND\n\n"
                + "  status                   what the session does: mode, recording, threads, calls, classes\n"
                + "  snapshot -o FILE         write a snapshot of what was recorded so far (the at-exit format)\n"
                + "  reset                    clear the collected results; instrumentation stays\n"
                + "  stop                     stop recording (instrumentation stays, calls cost a little)\n"
                + "  start                    record again\n"
                + "  detach [-o FILE]         restore the original bytecode, stop recording for good, and write no\n"
                + "                           snapshot at exit (-o: write one now, first)\n\n"
                + "PID is a JVM of yours running a Candor session ('candor list'), started by 'candor profile' or\n"
                + "'candor attach'. Exit code 1 when the session refuses or cannot be reached.\n";
    }

    @Override
    public int run(List<String> argList, Console console) throws Exception {
        Args args = new Args(name(), argList);
        String pidText = args.hasNext() ? args.next() : null;
        if (pidText == null || !pidText.matches("\\d+")) throw new UsageException("ctl: which JVM? candor ctl PID COMMAND");
        String command = args.hasNext() ? args.next() : null;
        if (command == null || !COMMANDS.contains(command)) {
            throw new UsageException("ctl: " + (command == null ? "which command?" : "unknown command '" + command + "'")
                    + " (commands: " + String.join(", ", COMMANDS) + ")");
        }
        Path output = null;
        while (args.hasNext()) {
            String a = args.next();
            if ((a.equals("-o") || a.equals("--output")) && (command.equals("snapshot") || command.equals("detach"))) {
                output = Path.of(args.value(a)).toAbsolutePath();
            } else {
                throw Args.isOption(a) ? args.unknown(a) : args.unexpected(a);
            }
        }
        if (command.equals("snapshot") && output == null) throw new UsageException("ctl: snapshot needs -o FILE");
        String line = output == null ? command : command + " " + output;
        long pid = Long.parseLong(pidText);
        ControlClient.Reply reply;
        try (ControlClient c = ControlClient.connect(pid, 60_000)) {
            reply = c.command(line);
        }
        if (!reply.ok) throw new ClientException(reply.text);
        if (command.equals("status")) {
            for (Map.Entry<String, String> e : reply.fields.entrySet()) {
                console.out.printf("%-28s %s%n", e.getKey(), e.getValue());
            }
        } else {
            console.note(reply.text);
        }
        return 0;
    }
}
