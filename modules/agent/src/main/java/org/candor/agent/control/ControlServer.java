package org.candor.agent.control;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import org.candor.agent.AgentLog;
import org.candor.agent.snapshot.SessionInfo;

/**
 * The agent's end of the control channel: a TCP socket on 127.0.0.1 (an ephemeral port). One daemon thread accepts;
 * each connection is served on a thread of its own ({@link ControlConnections}, at most {@link ControlConnections#MAX}
 * at once), so a client that is slow or sends nothing delays no other. The commands themselves run one at a time
 * ({@link ControlCommands}). A connection is refused with one line when it comes from another user (by the kernel's
 * socket table) or does not open with this session's secret: nothing is run or answered before that.
 */
final class ControlServer implements Runnable, ControlConnections.Handler {

    /** How long a connected client may take to send a line. */
    private static final int READ_TIMEOUT_MS = 10_000;

    private final ServerSocket socket;
    private final byte[] secret;
    private final ControlledSession session;
    private final ControlConnections connections;
    private final ControlCommands commands;
    private volatile boolean closed;

    private ControlServer(ServerSocket socket, byte[] secret, ControlledSession session) {
        this.socket = socket;
        this.secret = secret;
        this.session = session;
        this.connections = new ControlConnections(this, THREAD_NAME);
        this.commands = new ControlCommands(session, connections);
    }

    /** Binds; {@link #run} accepts, on the caller's thread. */
    static ControlServer bind(ControlledSession session) throws IOException {
        ServerSocket s = new ServerSocket(0, 8, InetAddress.getByName("127.0.0.1"));
        return new ControlServer(s, newSecret(), session);
    }

    /** Binds and starts serving on a daemon thread of its own. */
    static ControlServer start(ControlledSession session) throws IOException {
        ControlServer server = bind(session);
        Thread t = new Thread(server, THREAD_NAME);
        t.setDaemon(true);
        t.start();
        return server;
    }

    static final String THREAD_NAME = "candor-control";

    /**
     * 32 random bytes as 64 hex digits. Read from {@code /dev/urandom}, the source SecureRandom's default (NativePRNG)
     * reads too, without starting the security providers: this runs in the target's start-up (a launched sampling
     * session opens its channel before {@code main}), where some 60 classes more cost it milliseconds.
     */
    private static byte[] newSecret() {
        byte[] raw = new byte[32];
        if (!readUrandom(raw)) new SecureRandom().nextBytes(raw);
        byte[] hex = new byte[64];
        for (int i = 0; i < raw.length; i++) {
            hex[2 * i] = (byte) Character.forDigit((raw[i] >> 4) & 0xF, 16);
            hex[2 * i + 1] = (byte) Character.forDigit(raw[i] & 0xF, 16);
        }
        return hex;
    }

    private static boolean readUrandom(byte[] into) {
        try (java.io.FileInputStream in = new java.io.FileInputStream("/dev/urandom")) {
            return in.readNBytes(into, 0, into.length) == into.length;
        } catch (IOException noUrandom) {
            return false;
        }
    }

    int port() { return socket.getLocalPort(); }

    String secret() { return new String(secret, StandardCharsets.US_ASCII); }

    /** The address it listens on: 127.0.0.1. */
    InetAddress address() { return socket.getInetAddress(); }

    /** Connections served now, and refused since the start because too many were. */
    ControlConnections connections() { return connections; }

    /** Accepts, on the caller's thread, until {@link #close}. */
    @Override
    public void run() {
        session.serverThreadStarted();
        while (!closed) {
            Socket client;
            try {
                client = socket.accept();
            } catch (Throwable e) {  // never let one failure end the channel
                if (closed) return;
                AgentLog.debug("control channel cannot accept: " + e);
                pause();  // e.g. out of file descriptors: not a loop that spins on the target's CPU
                continue;
            }
            if (!connections.offer(client)) {
                refuse(client, connections.open() < ControlConnections.MAX
                        ? "refused: no thread could start to serve this connection"
                        : "refused: " + ControlConnections.MAX + " control connections are open already, the most this"
                                + " JVM serves at once; try again when one ends");
            }
        }
    }

    /** Answers one line, on the accepting thread, and closes: a fresh connection takes it without waiting. */
    private static void refuse(Socket client, String why) {
        try (Socket s = client) {
            send(s.getOutputStream(), Reply.error(why));
        } catch (IOException | RuntimeException gone) {
            // the client went first
        }
    }

    private static void pause() {
        try {
            Thread.sleep(100);
        } catch (InterruptedException ignored) {
            // the channel's own thread: it accepts on
        }
    }

    @Override
    public void threadStarted() {
        session.serverThreadStarted();
    }

    /** One connection, on a thread of {@link ControlConnections}: the peer check, the hello, then its commands. */
    @Override
    public void serve(Socket client) throws IOException {
        client.setSoTimeout(READ_TIMEOUT_MS);
        OutputStream out = client.getOutputStream();
        if (!client.getInetAddress().isLoopbackAddress()) {
            send(out, Reply.error("refused: not a local connection"));
            return;
        }
        int peer = PeerCheck.peerUid(client);
        int own = PeerCheck.ownUid();
        if (peer != own) {
            send(out, Reply.error(peer < 0 ? "refused: cannot tell which user connects"
                    : "refused: connection from another user (uid " + peer + "); only uid " + own + " may control this JVM"));
            return;
        }
        InputStream in = new BufferedInputStream(client.getInputStream());
        Reply hello;
        try {
            hello = hello(readLine(in));
        } catch (LineTooLongException e) {
            hello = Reply.error(e.getMessage());
        }
        send(out, hello);
        if (!hello.ok) return;
        while (true) {
            String line;
            try {
                line = readLine(in);
            } catch (LineTooLongException e) {
                send(out, Reply.error(e.getMessage()));
                return;
            }
            if (line == null) return;
            if (line.isBlank()) continue;
            send(out, commands.run(line));
        }
    }

    /** A line longer than this ends the connection: nothing the channel answers needs more, and memory stays bounded. */
    static final int MAX_LINE_BYTES = 64 * 1024;

    private static final class LineTooLongException extends IOException {
        LineTooLongException() {
            super("refused: a line longer than " + MAX_LINE_BYTES + " bytes");
        }
    }

    /** The next line (UTF-8, without its end), or null at the end of the stream; at most {@link #MAX_LINE_BYTES}. */
    private static String readLine(InputStream in) throws IOException {
        java.io.ByteArrayOutputStream line = new java.io.ByteArrayOutputStream();
        for (int b; (b = in.read()) != -1; ) {
            if (b == '\n') return trimCr(line);
            if (line.size() == MAX_LINE_BYTES) throw new LineTooLongException();
            line.write(b);
        }
        return line.size() == 0 ? null : trimCr(line);
    }

    private static String trimCr(java.io.ByteArrayOutputStream line) {
        String s = line.toString(StandardCharsets.UTF_8);
        return s.endsWith("\r") ? s.substring(0, s.length() - 1) : s;
    }

    /** {@code candor-control VERSION SECRET}. */
    private Reply hello(String line) {
        String[] parts = line == null ? new String[0] : line.trim().split(" ");
        if (parts.length != 3 || !parts[0].equals(ControlProtocol.HELLO)) {
            return Reply.error("refused: not a Candor control client (expected '" + ControlProtocol.HELLO + " VERSION SECRET')");
        }
        if (!parts[1].equals(Integer.toString(ControlProtocol.VERSION))) {
            return Reply.error("refused: protocol version " + parts[1] + " not supported (this agent speaks "
                    + ControlProtocol.VERSION + ")");
        }
        if (!MessageDigest.isEqual(secret, parts[2].getBytes(StandardCharsets.US_ASCII))) {
            return Reply.error("refused: wrong secret");
        }
        return Reply.ok("candor " + ControlProtocol.VERSION).put("pid", SessionInfo.pid());
    }

    private static void send(OutputStream out, Reply reply) throws IOException {
        out.write(reply.encode().getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    void close() {
        closed = true;
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing at exit
        }
        connections.close();
    }
}
