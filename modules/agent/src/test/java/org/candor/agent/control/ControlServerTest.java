package org.candor.agent.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The control channel's server on a real loopback socket, with a session that only counts what it is asked: clients
 * that are slow or send nothing delay no other, bad input is refused without harm, nothing runs or answers before
 * the secret, and commands from several clients run one at a time.
 */
class ControlServerTest {

    /** A well-behaved client's bound on every step (the stall this guards against was 10 s per idle client). */
    private static final int PROMPT_MS = 2000;
    private static final String NOT_A_CLIENT =
            "error refused: not a Candor control client (expected 'candor-control VERSION SECRET')\n\n";

    private final CountingSession session = new CountingSession();
    private ControlServer server;
    private final List<Socket> opened = new ArrayList<>();

    @BeforeEach
    void start() throws IOException {
        server = ControlServer.start(session);
    }

    @AfterEach
    void stop() throws IOException {
        for (Socket s : opened) s.close();
        server.close();
    }

    @Test
    void clientsThatSendNothingOrStopMidLineDoNotDelayAnotherClientsCommand() throws Exception {
        for (int i = 0; i < 10; i++) connect();  // connect, send nothing
        send(connect(), "candor-control 1 ");  // half a hello
        Socket halfCommand = connect();
        send(halfCommand, hello());
        send(halfCommand, "sta");

        try (Client c = new Client(server)) {
            assertThat(c.command("status")).startsWith("ok recording\n");
        }
        assertThat(session.commands.get()).isEqualTo(1);
    }

    @Test
    void connectionsBeyondTheCapAreRefusedAtOnceAndCounted() throws Exception {
        List<Socket> idle = new ArrayList<>();
        for (int i = 0; i < ControlConnections.MAX; i++) idle.add(connect());
        awaitOpen(ControlConnections.MAX);

        Socket extra = connect();
        assertThat(readToEnd(extra)).isEqualTo("error refused: " + ControlConnections.MAX + " control connections are"
                + " open already, the most this JVM serves at once; try again when one ends\n\n");
        assertThat(server.connections().refused()).isEqualTo(1);

        idle.get(0).close();
        awaitOpen(ControlConnections.MAX - 1);
        try (Client c = new Client(server)) {
            assertThat(c.command("status")).contains("\ncontrol.connections=" + ControlConnections.MAX + "\n")
                    .contains("\ncontrol.refused=1\n");
        }
    }

    @Test
    void theChannelsThreadsAreDaemons() throws Exception {
        for (int i = 0; i < 3; i++) connect();
        try (Client c = new Client(server)) {
            c.command("status");
        }
        List<Thread> threads = new ArrayList<>();
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().startsWith(ControlServer.THREAD_NAME)) threads.add(t);
        }
        assertThat(threads).isNotEmpty().allMatch(Thread::isDaemon, "daemon");
    }

    @Test
    void garbageAndOverlongLinesAreRefusedAndTheServerAnswersOn() throws Exception {
        Socket garbage = connect();
        garbage.getOutputStream().write(new byte[] {0, (byte) 0xff, (byte) 0xfe, 'x', '\n'});
        assertThat(readToEnd(garbage)).isEqualTo(NOT_A_CLIENT);

        Socket endless = connect();
        sendWithoutEnd(endless, ControlServer.MAX_LINE_BYTES + 1);
        assertThat(readToEnd(endless)).isEqualTo("error refused: a line longer than 65536 bytes\n\n");

        try (Client c = new Client(server)) {
            assertThat(c.command("x\u0000\u00ff garbage \u2603")).startsWith("error unknown command 'x?\u00ff'");
            assertThat(c.command("status")).startsWith("ok recording\n");
            sendWithoutEnd(c.socket, ControlServer.MAX_LINE_BYTES + 1);
            assertThat(readToEnd(c.socket)).isEqualTo("error refused: a line longer than 65536 bytes\n\n");
        }
        try (Client c = new Client(server)) {
            assertThat(c.command("status")).startsWith("ok recording\n");
        }
        assertThat(session.commands.get()).isEqualTo(2);
    }

    @Test
    void aWrongOrMissingSecretIsRefusedAndNothingRunsOrAnswers() throws Exception {
        String secret = server.secret();
        String wrong = secret.substring(0, 63) + (secret.charAt(63) == '0' ? '1' : '0');
        for (String hello : List.of("candor-control 1 " + wrong, "candor-control 1 " + secret.substring(0, 63),
                "candor-control 1 " + secret + "0")) {
            Socket s = connect();
            send(s, hello + "\nstatus\nstart\n");
            assertThat(readToEnd(s)).as(hello).isEqualTo("error refused: wrong secret\n\n");
        }
        for (String noSecret : List.of("candor-control 1", "candor-control 1 ", "status", "")) {
            Socket s = connect();
            send(s, noSecret + "\nstatus\nstart\n");
            assertThat(readToEnd(s)).as(noSecret).isEqualTo(NOT_A_CLIENT);
        }
        Socket silent = connect();
        silent.shutdownOutput();
        assertThat(readToEnd(silent)).isEqualTo(NOT_A_CLIENT);
        assertThat(session.commands.get()).isZero();
    }

    @Test
    void commandsFromTwoClientsRunOneAtATime() throws Exception {
        session.holdStart = new CountDownLatch(1);
        try (Client first = new Client(server); Client second = new Client(server)) {
            send(first.socket, "start\n");
            assertThat(session.startEntered.await(PROMPT_MS, TimeUnit.MILLISECONDS)).isTrue();
            send(second.socket, "stop\n");
            second.socket.setSoTimeout(300);
            assertThatThrownBy(second::reply).as("stop answered while start ran").isInstanceOf(SocketTimeoutException.class);

            session.holdStart.countDown();
            second.socket.setSoTimeout(PROMPT_MS);
            assertThat(first.reply()).isEqualTo("ok start\n\n");
            assertThat(second.reply()).isEqualTo("ok stop\n\n");
        }
        assertThat(session.mostAtOnce.get()).isEqualTo(1);
    }

    @Test
    void itListensOnLoopbackOnly() throws Exception {
        assertThat(server.address()).isEqualTo(InetAddress.getByName("127.0.0.1"));
        for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
            for (InetAddress a : Collections.list(nic.getInetAddresses())) {
                if (a.isLoopbackAddress()) continue;
                try (Socket s = new Socket()) {
                    assertThatThrownBy(() -> s.connect(new InetSocketAddress(a, server.port()), PROMPT_MS))
                            .as("connect to " + a).isInstanceOf(IOException.class);
                }
            }
        }
    }

    @Test
    void theSessionFileAndItsDirectoryAreTheOwnersAlone(@TempDir Path temp) throws Exception {
        Path dir = temp.resolve("candor");
        SessionFile file = SessionFile.write(dir, 4242, "secret=" + server.secret() + "\n");
        assertThat(file.path()).isEqualTo(dir.resolve("4242")).hasContent("secret=" + server.secret());
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file.path()))).isEqualTo("rw-------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir))).isEqualTo("rwx------");

        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxrwxrwx"));
        Files.setPosixFilePermissions(file.path(), PosixFilePermissions.fromString("rw-rw-rw-"));
        file = SessionFile.write(dir, 4242, "again\n");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file.path()))).isEqualTo("rw-------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir))).isEqualTo("rwx------");
        try (java.util.stream.Stream<Path> files = Files.list(dir)) {
            assertThat(files).containsExactly(file.path());  // no temporary file left
        }
    }

    private Socket connect() throws IOException {
        Socket s = new Socket();
        opened.add(s);
        s.connect(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), server.port()), PROMPT_MS);
        s.setSoTimeout(PROMPT_MS);
        return s;
    }

    private String hello() {
        return "candor-control 1 " + server.secret() + "\n";
    }

    private void awaitOpen(int count) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (server.connections().open() != count && System.nanoTime() < deadline) Thread.sleep(5);
        assertThat(server.connections().open()).isEqualTo(count);
    }

    private static void send(Socket s, String text) throws IOException {
        s.getOutputStream().write(text.getBytes(StandardCharsets.UTF_8));
        s.getOutputStream().flush();
    }

    /** {@code bytes} without a line end; the server may close before it took them all. */
    private static void sendWithoutEnd(Socket s, int bytes) {
        byte[] line = new byte[bytes];
        java.util.Arrays.fill(line, (byte) 'x');
        try {
            s.getOutputStream().write(line);
        } catch (IOException closedByTheServer) {
            // what it answered is what counts
        }
    }

    /** Everything the server sends until it closes the connection. */
    private static String readToEnd(Socket s) throws IOException {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        InputStream in = s.getInputStream();
        try {
            for (int b; (b = in.read()) != -1; ) all.write(b);
        } catch (java.net.SocketException reset) {
            // closed with our bytes unread: what came before counts
        }
        return all.toString(StandardCharsets.UTF_8);
    }

    /** A well-behaved client: connects, says hello, then one command at a time. */
    private static final class Client implements AutoCloseable {
        final Socket socket = new Socket();

        Client(ControlServer server) throws IOException {
            socket.connect(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), server.port()), PROMPT_MS);
            socket.setSoTimeout(PROMPT_MS);
            send(socket, "candor-control 1 " + server.secret() + "\n");
            assertThat(reply()).startsWith("ok candor 1\npid=");
        }

        String command(String line) throws IOException {
            send(socket, line + "\n");
            return reply();
        }

        /** One answer: its lines up to and with the empty one. */
        String reply() throws IOException {
            ByteArrayOutputStream answer = new ByteArrayOutputStream();
            InputStream in = socket.getInputStream();
            int last = -1;
            for (int b; (b = in.read()) != -1; last = b) {
                answer.write(b);
                if (b == '\n' && last == '\n') break;
            }
            return answer.toString(StandardCharsets.UTF_8);
        }

        @Override public void close() throws IOException {
            socket.close();
        }
    }

    /** Answers every command with ok and its name; counts them, and how many ran at once. */
    private static final class CountingSession implements ControlledSession {
        final AtomicInteger commands = new AtomicInteger();
        final AtomicInteger running = new AtomicInteger();
        final AtomicInteger mostAtOnce = new AtomicInteger();
        final CountDownLatch startEntered = new CountDownLatch(1);
        volatile CountDownLatch holdStart = new CountDownLatch(0);

        private Reply ran(String command) {
            commands.incrementAndGet();
            mostAtOnce.accumulateAndGet(running.incrementAndGet(), Math::max);
            try {
                if (command.equals("start")) {
                    startEntered.countDown();
                    holdStart.await(5, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                running.decrementAndGet();
            }
            return Reply.ok(command);
        }

        @Override public Reply start() { return ran("start"); }
        @Override public Reply stop() { return ran("stop"); }
        @Override public Reply reset() { return ran("reset"); }
        @Override public Reply snapshot(Path file) { return ran("snapshot"); }
        @Override public Reply live(Path file, int pathsPerThread) { return ran("live"); }
        @Override public Reply detach(Path finalSnapshot) { return ran("detach"); }
        @Override public Reply set(String changes) { return ran("set"); }
        @Override public Reply status() {
            ran("status");
            return Reply.ok("recording").put("state", "recording");
        }
    }
}
