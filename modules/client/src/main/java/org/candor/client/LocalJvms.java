package org.candor.client;

import com.sun.tools.attach.VirtualMachine;
import com.sun.tools.attach.VirtualMachineDescriptor;
import java.util.ArrayList;
import java.util.List;

/** The JVMs of this user on this machine (the Attach API's list), and whether a Candor session runs in each. */
public final class LocalJvms {

    /** One JVM: its pid, what it runs, and its session state ({@code none} without a session). */
    public static final class Jvm {
        public final long pid;
        public final String displayName;
        public final String session;

        Jvm(long pid, String displayName, String session) {
            this.pid = pid;
            this.displayName = displayName;
            this.session = session;
        }
    }

    private LocalJvms() {}

    public static List<Jvm> list() {
        long self = ProcessHandle.current().pid();
        List<Jvm> jvms = new ArrayList<>();
        for (VirtualMachineDescriptor d : VirtualMachine.list()) {
            long pid;
            try {
                pid = Long.parseLong(d.id());
            } catch (NumberFormatException e) {
                continue;
            }
            if (pid == self) continue;
            String name = d.displayName() == null || d.displayName().isEmpty() ? "?" : d.displayName();
            jvms.add(new Jvm(pid, name, sessionState(pid)));
        }
        jvms.sort((a, b) -> Long.compare(a.pid, b.pid));
        return jvms;
    }

    /** {@code none}, the session's state (recording, stopped, detached), or why it did not answer. */
    static String sessionState(long pid) {
        try {
            if (SessionFiles.find(pid) == null) return "none";
        } catch (ClientException e) {
            return "unreadable session file";
        }
        try (ControlClient c = ControlClient.connect(pid, 2000)) {
            ControlClient.Reply r = c.command("status");
            return r.ok ? r.fields.getOrDefault("state", r.text) : "error: " + r.text;
        } catch (ClientException e) {
            return "not answering";
        }
    }
}
