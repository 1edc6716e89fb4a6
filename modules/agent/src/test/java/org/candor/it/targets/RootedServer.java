package org.candor.it.targets;

import java.util.function.IntUnaryOperator;

/**
 * A small "server" for the root-method schemes. {@code Server.handle} is the root. It reaches a virtual method,
 * {@code Codec.encode}, whose override in {@code LateCodec} loads only at the fourth request, after the root first
 * ran; a lambda and a constructor; and a chain of methods it could call but never does ({@code rare}). The same
 * codec work also runs outside the root ({@code outside}), where nothing may be recorded.
 */
public final class RootedServer {

    abstract static class Codec {
        abstract int encode(int v);

        int twice(int v) {
            return encode(encode(v));
        }
    }

    static final class PlainCodec extends Codec {
        @Override int encode(int v) { return v + 1; }
    }

    static final class LateCodec extends Codec {
        @Override int encode(int v) { return mix(v) * 2; }

        private static int mix(int v) { return v ^ 5; }
    }

    /** Keeps LateCodec out of Server's verification, which would load it with Server. */
    static final class Codecs {
        static Codec late() { return new LateCodec(); }
    }

    static final class Response {
        private final int value;

        Response(int value) { this.value = value; }

        int size() { return value % 7; }
    }

    static final class Server {
        private Codec codec = new PlainCodec();

        int handle(int request) {
            if (request == 3) codec = Codecs.late();
            if (request < 0) return rare(request);
            int r = codec.twice(request) + parse(Integer.toString(request));
            r += apply(x -> x * 3, request);
            return r + new Response(r).size();
        }

        static int parse(String s) { return Integer.parseInt(s); }

        static int apply(IntUnaryOperator f, int v) { return f.applyAsInt(v); }

        private int rare(int v) { return rarer(v) + 1; }

        private int rarer(int v) { return Rarest.deep(v) + rarest(v); }

        private static int rarest(int v) { return -v; }
    }

    static final class Rarest {
        static int deep(int v) { return v * v; }
    }

    static int outside(int v) {
        return new PlainCodec().twice(v) + new Response(v).size();
    }

    static int neverReached(int v) {
        return v + 42;
    }

    public static void main(String[] args) {
        Server server = new Server();
        long sum = 0;
        for (int i = 0; i < 6; i++) {
            sum += server.handle(i);
            sum += outside(i);
        }
        System.out.println("sum " + sum);
        if (args.length > 0) System.out.println(neverReached(args.length));
    }
}
