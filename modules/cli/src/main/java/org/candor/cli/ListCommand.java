package org.candor.cli;

import java.util.List;
import org.candor.client.LocalJvms;

/** {@code candor list}: the JVMs of this user, and which run a Candor session. */
final class ListCommand implements Command {

    @Override public String name() { return "list"; }

    @Override public String summary() { return "list the running JVMs 'candor attach' can profile"; }

    @Override public String usage() {
        return "usage: candor list\n\n"
                + "The JVMs of this user on this machine: pid, main class or jar, and the Candor session in each\n"
                + "(none, recording, stopped, detached), instrumentation and sampling alike.\n";
    }

    @Override
    public int run(List<String> argList, Console console) throws Exception {
        Args args = new Args(name(), argList);
        if (args.hasNext()) {
            String a = args.next();
            throw Args.isOption(a) ? args.unknown(a) : args.unexpected(a);
        }
        List<LocalJvms.Jvm> jvms = LocalJvms.list();
        console.out.printf("%-8s %-10s %s%n", "PID", "CANDOR", "MAIN");
        for (LocalJvms.Jvm j : jvms) console.out.printf("%-8d %-10s %s%n", j.pid, j.session, j.displayName);
        return 0;
    }
}
