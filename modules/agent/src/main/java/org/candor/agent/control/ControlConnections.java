package org.candor.agent.control;

import java.net.Socket;
import java.util.ArrayDeque;
import org.candor.agent.AgentLog;

/**
 * The threads that serve the control channel's connections, each connection on a thread of its own: a client that
 * connects and sends nothing holds its thread until its read times out, never another client's. At most
 * {@link #MAX} connections are served at once; {@link #offer} refuses one more at once (counted). The threads start
 * as connections need them, up to {@link #MAX}, and are then kept, waiting for the next connection: the target does
 * not pay a thread start per connection (the app's live views send a command a second), and a sampling session asks
 * libcandor.so once per thread to leave it out (the library keeps a reference to every thread it leaves out). They
 * are daemon threads: they never keep the target alive.
 */
final class ControlConnections {

    /** The most connections served at once: far more than the owner's tools open, few enough to cost the target little. */
    static final int MAX = 16;

    /** What the threads do. */
    interface Handler {
        /** First, on each serving thread. */
        void threadStarted();

        /** Serves one connection; the caller closes it. */
        void serve(Socket connection) throws Exception;
    }

    private final Handler handler;
    private final String threadName;
    private final ArrayDeque<Socket> waiting = new ArrayDeque<>();
    /** Connections taken and not yet ended: waiting, or being served. Never more than the threads. */
    private int open;
    private int threads;
    private long refused;
    private boolean closed;

    ControlConnections(Handler handler, String threadName) {
        this.handler = handler;
        this.threadName = threadName;
    }

    /** Hands the connection to a thread; false (counted) when {@link #MAX} are served already: the caller refuses it. */
    synchronized boolean offer(Socket connection) {
        if (closed || open == MAX) {
            refused++;
            return false;
        }
        if (threads == open && !startThread()) {
            refused++;
            return false;
        }
        open++;
        waiting.add(connection);
        notifyAll();
        return true;
    }

    private boolean startThread() {
        Thread t = new Thread(new Serving(), threadName + "-" + (threads + 1));
        t.setDaemon(true);
        try {
            t.start();
        } catch (Throwable noThread) {  // e.g. out of native threads: this connection is refused, the channel goes on
            AgentLog.debug("no thread for a control connection: " + noThread);
            return false;
        }
        threads++;
        return true;
    }

    /** Connections served now. */
    synchronized int open() { return open; }

    /** Connections refused since the start: {@link #MAX} were open (or no thread could start). */
    synchronized long refused() { return refused; }

    /** The threads waiting for a connection end; those serving one end with it. */
    synchronized void close() {
        closed = true;
        for (Socket s : waiting) {
            try {
                s.close();
            } catch (java.io.IOException ignored) {
                // closing
            }
        }
        waiting.clear();
        notifyAll();
    }

    /**
     * The next connection to serve (after {@code finished} ended, when not null), or null once closed. An interrupt
     * (the program's, say at its shutdown) does not end a thread: the channel counts on every thread it started.
     */
    private synchronized Socket next(Socket finished) {
        if (finished != null) open--;
        while (waiting.isEmpty()) {
            if (closed) return null;
            try {
                wait();
            } catch (InterruptedException ignored) {
                // waits on
            }
        }
        return waiting.poll();
    }

    private final class Serving implements Runnable {
        @Override public void run() {
            try {
                handler.threadStarted();
            } catch (Throwable e) {
                AgentLog.debug("control thread: " + e);
            }
            for (Socket s = next(null); s != null; s = next(s)) {
                Thread.interrupted();  // an interrupt meant for another connection would fail this one's file writes
                try (Socket connection = s) {
                    handler.serve(connection);
                } catch (Throwable e) {  // one connection's failure ends that connection only
                    AgentLog.debug("control connection failed: " + e);
                }
            }
        }
    }
}
