package org.candor.bench.server;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;

/**
 * A bounded load generator: a fixed number of keep-alive HTTP/1.1 connections to 127.0.0.1, each sending its next
 * request as soon as the last answer is read (closed loop), for a warm-up and then a measured window. Every answer is
 * checked: status 200, a complete body of the announced length, the request's own {@code req} token echoed, and for
 * catalog pages the expected product count. A failed check or an I/O error counts as an error (the connection is
 * then opened afresh).
 *
 * <pre>java -cp server-classes org.candor.bench.server.LoadGenerator --port P [--connections 8] [--warmup 10]
 *      [--duration 20] [--buy-percent 20] [--timeline] [--stop]</pre>
 * Prints one line: {@code RESULT {"requests":..,"errors":..,"seconds":..,"rps":..,...}} (the measured window only;
 * {@code answered} counts every complete answer the server sent, warm-up and checks that failed included).
 * {@code --stop} sends {@code GET /stop} at the end. {@code --timeline} prints {@code TIMELINE <second> <answers>} on stderr
 * every second from the start (warm-up included), to see when a configuration reaches its steady state.
 */
public final class LoadGenerator {
    private static final int CATEGORY_SIZE = 200;

    private volatile int phase; // 0 warm-up, 1 measured, 2 done
    private final LongAdder warmupRequests = new LongAdder();
    private final LongAdder requests = new LongAdder();
    private final LongAdder answered = new LongAdder();
    private final LongAdder errors = new LongAdder();
    private final LongAdder bodyBytes = new LongAdder();
    private final LongAdder latencyNanos = new LongAdder();
    private final AtomicReference<String> firstError = new AtomicReference<>();
    private final String host = "127.0.0.1";
    private final int port;
    private final int buyPercent;

    private LoadGenerator(int port, int buyPercent) {
        this.port = port;
        this.buyPercent = buyPercent;
    }

    public static void main(String[] args) throws Exception {
        int port = -1, connections = 8, buyPercent = 20;
        double warmup = 10, duration = 20;
        boolean stop = false;
        boolean timeline = false;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--port" -> port = Integer.parseInt(args[++i]);
                case "--connections" -> connections = Integer.parseInt(args[++i]);
                case "--warmup" -> warmup = Double.parseDouble(args[++i]);
                case "--duration" -> duration = Double.parseDouble(args[++i]);
                case "--buy-percent" -> buyPercent = Integer.parseInt(args[++i]);
                case "--stop" -> stop = true;
                case "--timeline" -> timeline = true;
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        if (port <= 0) {
            throw new IllegalArgumentException("--port is required");
        }
        LoadGenerator load = new LoadGenerator(port, buyPercent);
        if (timeline) load.startTimeline();
        String result = load.run(connections, warmup, duration);
        System.out.println("RESULT " + result);
        if (stop) {
            load.stopServer();
        }
    }

    private String run(int connections, double warmupSeconds, double durationSeconds) throws InterruptedException {
        List<Thread> workers = new ArrayList<>();
        for (int c = 0; c < connections; c++) {
            int id = c;
            Thread t = new Thread(() -> work(id), "load-" + c);
            t.setDaemon(true);
            workers.add(t);
            t.start();
        }
        Thread.sleep((long) (warmupSeconds * 1000));
        long start = System.nanoTime();
        phase = 1;
        Thread.sleep((long) (durationSeconds * 1000));
        phase = 2;
        double seconds = (System.nanoTime() - start) / 1e9;
        for (Thread t : workers) {
            t.join(5000);
        }
        long n = requests.sum();
        String err = firstError.get();
        return String.format(java.util.Locale.ROOT,
                "{\"requests\":%d,\"errors\":%d,\"seconds\":%.3f,\"rps\":%.1f,\"mean_latency_ms\":%.3f,"
                        + "\"mean_body_bytes\":%.0f,\"warmup_requests\":%d,\"answered\":%d,\"connections\":%d,"
                        + "\"first_error\":%s}",
                n, errors.sum(), seconds, n / seconds, n == 0 ? 0 : latencyNanos.sum() / 1e6 / n,
                n == 0 ? 0 : (double) bodyBytes.sum() / n, warmupRequests.sum(), answered.sum(), connections,
                err == null ? "null" : "\"" + err.replace("\\", "\\\\").replace("\"", "'") + "\"");
    }

    /** A daemon thread printing the answers of each second on stderr. */
    private void startTimeline() {
        Thread t = new Thread(() -> {
            long last = 0;
            for (int second = 1; ; second++) {
                try {
                    Thread.sleep(1000);
                } catch (InterruptedException e) {
                    return;
                }
                long now = answered.sum();
                System.err.println("TIMELINE " + second + " " + (now - last));
                last = now;
            }
        }, "timeline");
        t.setDaemon(true);
        t.start();
    }

    /** One connection's closed loop. */
    private void work(int id) {
        SplittableRandom random = new SplittableRandom(1000 + id);
        Connection conn = null;
        long seq = 0;
        while (phase < 2) {
            String token = id + "-" + (seq++);
            boolean buy = random.nextInt(100) < buyPercent;
            int size = 5 + random.nextInt(16);
            String path = buy
                    ? "/buy?customer=c" + random.nextInt(500) + "&product=" + random.nextInt(50 * CATEGORY_SIZE)
                      + "&qty=" + (1 + random.nextInt(3)) + "&req=" + token
                    : "/catalog?category=" + random.nextInt(50) + "&page=" + random.nextInt(CATEGORY_SIZE / size)
                      + "&size=" + size + (random.nextInt(4) == 0 ? "&sort=price" : "") + "&req=" + token;
            int phaseAtStart = phase;
            long t0 = System.nanoTime();
            try {
                if (conn == null) {
                    conn = new Connection(host, port);
                }
                String body = conn.get(path);
                answered.increment();
                String problem = check(body, token, buy, size);
                long t1 = System.nanoTime();
                if (problem != null) {
                    error(phaseAtStart, "request " + path + ": " + problem);
                } else if (phaseAtStart == 1 && phase == 1) {
                    requests.increment();
                    latencyNanos.add(t1 - t0);
                    bodyBytes.add(body.length());
                } else if (phaseAtStart == 0) {
                    warmupRequests.increment();
                }
            } catch (IOException | RuntimeException e) {
                error(phaseAtStart, "request " + path + ": " + e);
                if (conn != null) {
                    conn.close();
                }
                conn = null;
            }
        }
        if (conn != null) {
            conn.close();
        }
    }

    private void error(int phaseAtStart, String what) {
        if (phaseAtStart >= 1) {
            errors.increment();
        }
        firstError.compareAndSet(null, what);
    }

    private static String check(String body, String token, boolean buy, int size) {
        if (!body.startsWith("{\"req\":\"" + token + "\",") || !body.endsWith("}")) {
            return "body does not echo its token or is cut: "
                    + body.substring(0, Math.min(80, body.length()));
        }
        if (buy) {
            return body.contains("\"recent\":[{") ? null : "a purchase without recent orders";
        }
        return body.contains("\"count\":" + size + ",") ? null : "catalog page without " + size + " products";
    }

    private void stopServer() throws IOException {
        try (Connection c = new Connection(host, port)) {
            c.get("/stop");
        }
    }

    /** One keep-alive HTTP/1.1 connection; answers must carry Content-Length (Jetty sets it for a single write). */
    private static final class Connection implements AutoCloseable {
        private final Socket socket;
        private final InputStream in;
        private final OutputStream out;

        Connection(String host, int port) throws IOException {
            socket = new Socket();
            socket.setTcpNoDelay(true);
            socket.connect(new InetSocketAddress(host, port), 5000);
            socket.setSoTimeout(30_000);
            in = new BufferedInputStream(socket.getInputStream(), 16384);
            out = socket.getOutputStream();
        }

        String get(String path) throws IOException {
            out.write(("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            String status = line();
            if (!status.startsWith("HTTP/1.1 200")) {
                throw new IOException("status " + status);
            }
            int length = -1;
            for (String h = line(); !h.isEmpty(); h = line()) {
                int colon = h.indexOf(':');
                if (colon > 0 && h.substring(0, colon).trim().equalsIgnoreCase("Content-Length")) {
                    length = Integer.parseInt(h.substring(colon + 1).trim());
                }
            }
            if (length < 0) {
                throw new IOException("no Content-Length");
            }
            byte[] body = in.readNBytes(length);
            if (body.length != length) {
                throw new IOException("body cut at " + body.length + " of " + length + " bytes");
            }
            return new String(body, StandardCharsets.UTF_8);
        }

        private String line() throws IOException {
            StringBuilder sb = new StringBuilder(64);
            for (int b = in.read(); b != '\n'; b = in.read()) {
                if (b < 0) {
                    throw new IOException("connection closed");
                }
                if (b != '\r') {
                    sb.append((char) b);
                }
            }
            return sb.toString();
        }

        @Override
        public void close() {
            try {
                socket.close();
            } catch (IOException ignored) {
                // closing anyway
            }
        }
    }
}
