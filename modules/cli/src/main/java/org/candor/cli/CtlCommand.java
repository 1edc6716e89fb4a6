package org.candor.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.candor.client.ClientException;
import org.candor.client.ControlClient;

/** {@code candor ctl PID COMMAND}: controls the session running in a JVM through its control channel. */
final class CtlCommand implements Command {

    /** {@code set}'s options, to the agent option each one sets. */
    private static final Map<String, String> SET_OPTIONS = Map.of("--root", "root", "--scheme", "scheme",
            "--include", "include", "--exclude", "exclude", "--lookahead", "lookahead");

    private static final List<String> COMMANDS = List.of("status", "snapshot", "reset", "stop", "start", "detach", "set",
            "classes", "methods");

    @Override public String name() { return "ctl"; }

    @Override public String summary() { return "control a running session: status, snapshot, reset, stop, start, detach, set, classes, methods"; }

    @Override public String usage() {
        return "usage: candor ctl PID COMMAND\n\n"
                + "  status                   what the session does: mode, state, threads, calls or samples, classes\n"
                + "  snapshot -o FILE         write a snapshot of what was recorded so far (the at-exit format)\n"
                + "    --paths N                as the app's live view: each thread's N heaviest call paths, the rest\n"
                + "                             summed under one node (the hot spots stay exact)\n"
                + "  reset                    clear the collected results; instrumentation stays\n"
                + "  stop                     stop recording (instrumentation stays, calls cost a little)\n"
                + "  start                    record again (a --delay-start session: record from now on)\n"
                + "  detach [-o FILE]         restore the original bytecode, stop recording for good, and write no\n"
                + "                           snapshot at exit (-o: write one now, first)\n"
                + "  set SETTINGS             new roots, scheme or filters for the running session; what is not named\n"
                + "                           stays, a list named is replaced; the collected results are cleared:\n"
                + "    --root PATTERN           (repeatable) a root given without --scheme makes a total session lazy\n"
                + "    --scheme total|lazy|eager  total drops the roots\n"
                + "    --include PATTERN, --exclude PATTERN (repeatable), --lookahead N\n"
                + "  classes [TEXT] [--from N] the loaded classes whose name holds TEXT, 200 from the N-th (0: the\n"
                + "                           first; to choose roots)\n"
                + "  methods CLASS            the methods a loaded class declares\n\n"
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
        String text = null;
        int from = 0;
        int paths = 0;
        List<String> settings = new ArrayList<>();
        while (args.hasNext()) {
            String a = args.next();
            if ((a.equals("-o") || a.equals("--output")) && (command.equals("snapshot") || command.equals("detach"))) {
                output = Path.of(args.value(a)).toAbsolutePath();
            } else if ((command.equals("classes") || command.equals("methods")) && !Args.isOption(a) && text == null) {
                text = a;
            } else if (command.equals("snapshot") && a.equals("--paths")) {
                paths = args.intValue(a, 2);
            } else if (command.equals("classes") && a.equals("--from")) {
                from = args.intValue(a, 0);
            } else if (command.equals("set") && SET_OPTIONS.containsKey(a)) {
                settings.add(SET_OPTIONS.get(a) + "=" + args.value(a));
            } else {
                throw Args.isOption(a) ? args.unknown(a) : args.unexpected(a);
            }
        }
        if (command.equals("snapshot") && output == null) throw new UsageException("ctl: snapshot needs -o FILE");
        if (command.equals("set") && settings.isEmpty()) {
            throw new UsageException("ctl: set needs --root, --scheme, --include, --exclude or --lookahead");
        }
        if (command.equals("methods") && text == null) throw new UsageException("ctl: methods needs a class: methods CLASS");
        String line = command.equals("set") ? "set " + String.join(",", settings)
                : command.equals("classes") ? ("classes " + (text == null ? "" : text) + (from > 0 ? " from=" + from : "")).trim()
                : text != null ? command + " " + text
                : paths > 0 ? "live " + paths + " " + output
                : output == null ? command : command + " " + output;
        long pid = Long.parseLong(pidText);
        ControlClient.Reply reply;
        try (ControlClient c = ControlClient.connect(pid, 60_000)) {
            reply = c.command(line);
        }
        if (!reply.ok) throw new ClientException(reply.text);
        if (command.equals("classes") || command.equals("methods")) {
            for (String item : reply.list(command.equals("classes") ? "class." : "method.")) console.out.println(item);
            if (command.equals("classes")) {
                int count = Integer.parseInt(reply.fields.getOrDefault("count", "0"));
                int shown = Integer.parseInt(reply.fields.getOrDefault("shown", "0"));
                if (from + shown < count || from > 0) {
                    console.note(String.format("classes %d to %d of %d shown%s", shown == 0 ? from : from + 1, from + shown,
                            count, from + shown < count ? "; --from " + (from + shown) + " for the next, or name more of it" : ""));
                }
            }
        } else if (command.equals("status")) {
            for (Map.Entry<String, String> e : reply.fields.entrySet()) {
                console.out.printf("%-28s %s%n", e.getKey(), e.getValue());
            }
        } else {
            console.note(reply.text);
            if (command.equals("set")) {
                console.note(String.format("scheme %s%s; %s methods instrumented in %s classes; %s classes retransformed"
                        + " in %s ms", reply.fields.get("scheme"),
                        reply.fields.getOrDefault("roots", "").isEmpty() ? "" : " (roots " + reply.fields.get("roots") + ")",
                        reply.fields.get("methods.instrumented"), reply.fields.get("classes.instrumented"),
                        reply.fields.get("classes.retransformed"), reply.fields.get("change.ms")));
            }
        }
        return 0;
    }
}
