package org.candor.it.targets;

/**
 * Deep stacks of tiny methods called through an interface with four implementations (megamorphic: every call goes
 * through an itable stub, none is inlined), so that many samples land where a stack walker has the hardest time: a
 * stub, or a compiled method's prologue or epilogue. Every sample of the thread "deep" must still reach its
 * {@code Thread.run}. Args: seconds (default 4).
 */
public final class DeepDispatch {

    interface Step {
        long apply(long x, int depth);
    }

    static final class A implements Step {
        public long apply(long x, int depth) { return chain(x * 3 + 1, depth); }
    }

    static final class B implements Step {
        public long apply(long x, int depth) { return chain(x ^ (x >>> 3), depth); }
    }

    static final class C implements Step {
        public long apply(long x, int depth) { return chain(x + 7, depth); }
    }

    static final class D implements Step {
        public long apply(long x, int depth) { return chain(x * 5, depth); }
    }

    static final Step[] STEPS = {new A(), new B(), new C(), new D()};
    static volatile long sink;

    public static void main(String[] args) throws InterruptedException {
        double seconds = args.length > 0 ? Double.parseDouble(args[0]) : 4;
        long end = System.nanoTime() + (long) (seconds * 1e9);
        Thread t = new Thread(() -> {
            long x = 1;
            while (System.nanoTime() < end) {
                for (int i = 0; i < 1000; i++) x = chain(x, 40);
            }
            sink = x;
        }, "deep");
        t.start();
        t.join();
        System.out.println("done " + (sink != 42));
    }

    static long chain(long x, int depth) {
        if (depth == 0) return x;
        return STEPS[(int) ((x >>> 7) & 3)].apply(x, depth - 1) + 1;
    }
}
