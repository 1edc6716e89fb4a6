package org.candor.bench.server;

import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

/**
 * The benchmark's server: Jetty 12 on 127.0.0.1 serving {@link StoreHandler} ({@code --handler store}, the default:
 * an in-memory store, a hand-written JSON writer) or {@link ShopHandler} ({@code --handler shop}: H2 over JDBC and
 * Jackson). {@code GET /stop} answers and then stops the server and exits normally, so an agent's shutdown hook writes
 * its snapshot.
 *
 * <pre>java -cp server-classes:server-lib/* org.candor.bench.server.ServerWorkload [--port P] [--threads N]
 *      [--handler store|shop]</pre>
 * Prints {@code LISTENING <port>} once it accepts connections.
 */
public final class ServerWorkload {
    public static void main(String[] args) throws Exception {
        int port = 0, threads = 16;
        String handlerName = "store";
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--port" -> port = Integer.parseInt(args[++i]);
                case "--threads" -> threads = Integer.parseInt(args[++i]);
                case "--handler" -> handlerName = args[++i];
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        Handler handler = switch (handlerName) {
            case "store" -> new StoreHandler();
            case "shop" -> new ShopHandler(threads);
            default -> throw new IllegalArgumentException("unknown handler " + handlerName + " (store or shop)");
        };
        Server server = new Server(new QueuedThreadPool(threads, Math.min(threads, 8)));
        ServerConnector connector = new ServerConnector(server);
        connector.setHost("127.0.0.1");
        connector.setPort(port);
        server.addConnector(connector);
        server.setHandler(new StopOrServe(server, handler));
        server.start();
        System.out.println("LISTENING " + connector.getLocalPort());
        System.out.flush();
        server.join();
        System.out.println("STOPPED");
    }

    /** {@code /stop} stops the server (after answering); everything else goes to the handler. */
    private static final class StopOrServe extends Handler.Wrapper {
        private final Server server;

        StopOrServe(Server server, Handler handler) {
            super(handler);
            this.server = server;
        }

        @Override
        public boolean handle(Request request, Response response, Callback callback) throws Exception {
            if (!"/stop".equals(Request.getPathInContext(request))) {
                return super.handle(request, response, callback);
            }
            response.setStatus(200);
            response.write(true, java.nio.ByteBuffer.wrap("stopping\n".getBytes()), Callback.from(callback, () -> {
                Thread stopper = new Thread(() -> {
                    try {
                        server.stop();
                    } catch (Exception e) {
                        e.printStackTrace();
                        System.exit(3);
                    }
                }, "stopper");
                stopper.start();
            }));
            return true;
        }
    }
}
