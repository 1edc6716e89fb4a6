package org.candor.cli;

import java.nio.file.Path;
import java.util.List;
import org.candor.client.AgentAttach;
import org.candor.client.AgentFiles;
import org.candor.client.ClientException;
import org.candor.client.ControlClient;
import org.candor.client.Durations;
import org.candor.client.ProfileSettings;

/** {@code candor attach PID [options]}: starts a session in a running JVM, with {@code profile}'s options. */
final class AttachCommand implements Command {

    @Override public String name() { return "attach"; }

    @Override public String summary() { return "start profiling a running JVM (see 'candor list')"; }

    @Override public String usage() {
        return "usage: candor attach PID [options]\n\n"
                + "Loads libcandor.so and the agent into the running JVM PID (yours, on this machine) and starts a\n"
                + "session there. The options are those of 'candor profile' (--include, --exclude, --mode, --metric,\n"
                + "--calibration, ...; see 'candor help profile'), except that -o is optional:\n\n"
                + "  -o, --output FILE        the snapshot written when the program exits (default:\n"
                + "                           candor-PID.candor in the current directory)\n\n"
                + "Classes already loaded that pass the filters are instrumented at once. Control the session with\n"
                + "'candor ctl PID ...' (status, snapshot -o FILE, reset, stop, start, detach); detach restores the\n"
                + "original bytecode and writes no snapshot at exit. With --delay-start the session begins with\n"
                + "recording stopped (the probes calibrate meanwhile) until 'candor ctl PID start'.\n"
                + "JDK 21 and later print a warning about the dynamically loaded agent unless the program runs with\n"
                + "-XX:+EnableDynamicAgentLoading.\n\n"
                + "example:\n"
                + "  candor attach 4242 --include com.acme.** -o run.candor\n"
                + "  candor ctl 4242 snapshot -o now.candor\n";
    }

    @Override
    public int run(List<String> argList, Console console) throws Exception {
        if (argList.isEmpty() || !argList.get(0).matches("\\d+")) {
            throw new UsageException("attach: which JVM? candor attach PID [options] ('candor list' shows them)");
        }
        long pid = Long.parseLong(argList.get(0));
        Args args = new Args(name(), argList.subList(1, argList.size()));
        ProfileSettings settings = new ProfileSettings().option("quiet");
        Path output = ProfileCommand.readOptions(args, settings);
        if (!args.rest().isEmpty()) throw new UsageException("attach: takes no target command after '--'");
        if (settings.both()) {
            throw new UsageException("attach: --mode both runs a program twice ('candor profile'); attach takes"
                    + " instrument or sample");
        }
        if (output == null) output = Path.of("candor-" + pid + ".candor");
        settings.output(output);
        try {
            settings.validate();
        } catch (ClientException e) {
            throw new UsageException(e.getMessage());
        }
        ProfileCommand.checkMetric(settings);
        new AgentAttach(AgentFiles.locate(), settings).attach(pid);
        try (ControlClient c = ControlClient.connect(pid, 10_000)) {
            ControlClient.Reply status = c.command("status");
            console.note("attached to " + pid + ": " + status.get("mode")
                    + (status.get("classes.instrumented") != null ? ", " + status.get("classes.instrumented")
                    + " classes instrumented, clock " + status.get("clock") : "")
                    + (status.get("event") != null ? ", " + status.get("event") + " time every "
                    + Durations.format(Long.parseLong(status.get("interval.ns"))) + " (" + status.get("timer") + ")" : ""));
            if ("nanotime".equals(status.get("clock"))) {
                console.note("libcandor.so is not loaded in " + pid + ": the probes time with System.nanoTime (slower probes)");
            }
        } catch (ClientException e) {
            console.note("attached to " + pid + ", but its control channel does not answer: " + e.getMessage());
        }
        if (settings.delayedStart()) console.note("recording is stopped until 'candor ctl " + pid + " start' (--delay-start)");
        console.note("snapshot at its exit: " + settings.output());
        console.note("control: candor ctl " + pid + " status|snapshot -o FILE|reset|stop|start|detach");
        return 0;
    }
}
