package org.candor.client;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.candor.agent.control.ControlProtocol;

/**
 * The tools' end of an agent's control channel ({@code docs/formats/control.md}, version 1): finds the JVM's session
 * file, connects to 127.0.0.1, opens with the secret and sends commands.
 */
public final class ControlClient implements AutoCloseable {

    /** One answer: ok or not, its text and its fields. */
    public static final class Reply {
        public final boolean ok;
        public final String text;
        public final Map<String, String> fields;

        Reply(boolean ok, String text, Map<String, String> fields) {
            this.ok = ok;
            this.text = text;
            this.fields = fields;
        }

        public String get(String key) { return fields.get(key); }

        /** A numbered list the reply carries ({@code class.1}, {@code class.2}, …): the values of PREFIX1, PREFIX2, … */
        public java.util.List<String> list(String prefix) {
            java.util.List<String> out = new java.util.ArrayList<>();
            for (int i = 1; fields.get(prefix + i) != null; i++) out.add(fields.get(prefix + i));
            return out;
        }
    }

    private final Socket socket;
    private final BufferedReader in;
    private final OutputStream out;

    private ControlClient(Socket socket) throws IOException {
        this.socket = socket;
        this.in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
        this.out = socket.getOutputStream();
    }

    /** Connects to the session in JVM {@code pid}; a clear exception when there is none or it refuses. */
    public static ControlClient connect(long pid, int timeoutMillis) throws ClientException {
        Processes.checkOwn(pid);
        SessionFiles.Session session = SessionFiles.find(pid);
        if (session == null) {
            throw new ClientException("no Candor session in process " + pid + " (no session file in "
                    + SessionFiles.directories() + "); 'candor attach " + pid + "' starts one");
        }
        return connect(session.port, session.secret, timeoutMillis, pid);
    }

    /** Connects to a port with a secret (tests use it to try wrong ones). */
    public static ControlClient connect(int port, String secret, int timeoutMillis, long pid) throws ClientException {
        Socket s = new Socket();
        try {
            s.connect(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), port), timeoutMillis);
            s.setSoTimeout(timeoutMillis);
            ControlClient c = new ControlClient(s);
            c.send(ControlProtocol.HELLO + " " + ControlProtocol.VERSION + " " + secret);
            Reply hello = c.read();
            if (!hello.ok) {
                c.close();
                throw new ClientException("process " + pid + " " + hello.text);
            }
            return c;
        } catch (IOException e) {
            try {
                s.close();
            } catch (IOException ignored) {
                // already failing
            }
            throw new ClientException("cannot reach the Candor session of process " + pid + " on port " + port + ": "
                    + e.getMessage() + " (has it exited?)", e);
        }
    }

    /** Sends one command line and reads its answer. */
    public Reply command(String line) throws ClientException {
        try {
            send(line);
            return read();
        } catch (IOException e) {
            throw new ClientException("the Candor session stopped answering: " + e.getMessage(), e);
        }
    }

    private void send(String line) throws IOException {
        out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    private Reply read() throws IOException {
        String first = in.readLine();
        if (first == null) throw new IOException("connection closed");
        boolean ok = first.equals("ok") || first.startsWith("ok ");
        String text = first.startsWith("ok") ? first.substring(2).trim() : first.startsWith("error") ? first.substring(5).trim() : first;
        Map<String, String> fields = new LinkedHashMap<>();
        for (String line; (line = in.readLine()) != null && !line.isEmpty(); ) {
            int eq = line.indexOf('=');
            if (eq > 0) fields.put(line.substring(0, eq), line.substring(eq + 1));
        }
        return new Reply(ok, text, fields);
    }

    @Override
    public void close() {
        try {
            socket.close();
        } catch (IOException ignored) {
            // nothing to do
        }
    }
}
