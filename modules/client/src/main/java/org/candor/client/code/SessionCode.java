package org.candor.client.code;

import java.util.List;
import org.candor.client.ClientException;
import org.candor.client.ControlClient;

/** The classes a running session's program has loaded, asked over its control channel ({@code classes}, {@code methods}). */
public final class SessionCode implements CodeSource {

    private static final int TIMEOUT_MILLIS = 10_000;
    private final long pid;

    public SessionCode(long pid) {
        this.pid = pid;
    }

    @Override
    public ClassList classes(String text, int from) throws ClientException {
        ControlClient.Reply r = ask("classes " + text.trim() + (from > 0 ? " from=" + from : ""));
        return new ClassList(parseCount(r.get("count")), from, r.list("class."));
    }

    @Override
    public List<String> methods(String className) throws ClientException {
        return ask("methods " + className).list("method.");
    }

    @Override
    public String description() {
        return "classes loaded in JVM " + pid;
    }

    private ControlClient.Reply ask(String line) throws ClientException {
        try (ControlClient c = ControlClient.connect(pid, TIMEOUT_MILLIS)) {
            ControlClient.Reply r = c.command(line);
            if (!r.ok) throw new ClientException(r.text);
            return r;
        }
    }

    private static int parseCount(String text) {
        try {
            return text == null ? 0 : Integer.parseInt(text.trim());
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
