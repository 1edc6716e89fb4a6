package org.candor.cli;

import java.nio.file.Path;
import java.util.List;
import org.candor.client.AgentFiles;
import org.candor.client.ClientException;
import org.candor.client.system.Check;
import org.candor.client.system.Readiness;
import org.candor.client.system.SystemCheck;

/** {@code candor check [PID]}: what will and will not work on this machine, and in a running JVM, before trying it. */
final class CheckCommand implements Command {

    @Override public String name() { return "check"; }

    @Override public String summary() { return "say what works here (perf, counters, clocks) and in a JVM before attaching"; }

    @Override public String usage() {
        return "usage: candor check [PID]\n\n"
                + "Asks the operating system (and libcandor.so, in this process) what Candor can do on this machine as\n"
                + "this user, one line per check: 'name: available|limited|unavailable: why (what to do)'. The desktop\n"
                + "app shows the same words. Checked: the operating system, libcandor.so, the wall clock (rdtsc or\n"
                + "CLOCK_MONOTONIC), kernel.perf_event_paranoid with CAP_PERFMON and CAP_SYS_ADMIN, software perf\n"
                + "events, sampling below the kernel tick, hardware counters (a PMU), kernel.yama.ptrace_scope and the\n"
                + "attach API.\n\n"
                + "With the PID of one of your running JVMs, also that JVM: whether it runs, its owner, its JDK,\n"
                + "whether it takes an attach (-XX:+DisableAttachMechanism), whether an attach prints JDK 21's\n"
                + "dynamic-agent warning (-XX:+EnableDynamicAgentLoading) and what perf allows it.\n\n"
                + "example:\n"
                + "  candor check\n"
                + "  candor check 4242\n";
    }

    @Override
    public int run(List<String> argList, Console console) throws Exception {
        Args args = new Args(name(), argList);
        Long pid = null;
        while (args.hasNext()) {
            String a = args.next();
            if (Args.isOption(a)) throw args.unknown(a);
            if (pid != null) throw args.unexpected(a);
            pid = pid(a);
        }
        Readiness target = null;
        if (pid != null) {
            try {
                target = SystemCheck.target(pid);
            } catch (ClientException e) {
                throw new UsageException(e.getMessage()); // no such JVM of this user: the argument is wrong
            }
        }
        print(SystemCheck.machine(nativeLibrary()), console);
        if (target != null) print(target, console);
        return 0;
    }

    private static long pid(String arg) throws UsageException {
        if (arg.matches("[1-9]\\d{0,9}")) {
            long pid = Long.parseLong(arg);
            if (pid <= Integer.MAX_VALUE) return pid;
        }
        throw new UsageException("check: '" + arg + "' is not a process id (a whole number; 'candor list' shows your JVMs)");
    }

    /** The agent directory's libcandor.so; null when there is no agent directory (the check then says so). */
    private static Path nativeLibrary() {
        try {
            AgentFiles agent = AgentFiles.locate();
            return agent.nativeLibrary() != null ? agent.nativeLibrary() : agent.dir().resolve(AgentFiles.NATIVE_LIBRARY);
        } catch (ClientException e) {
            return null;
        }
    }

    private static void print(Readiness readiness, Console console) {
        console.out.println(readiness.title() + ":");
        for (Check c : readiness.checks()) console.out.println("  " + c.line());
    }
}
