/**
 * The program bench/stopped-cost.sh runs under the agent: ns per call of an instrumented leaf, the best of 15 runs
 * of 10 million calls after 5 runs of warm-up. With the argument {@code stop} it first stops recording the way
 * {@code candor ctl PID stop} does ({@code org.candor.probe.Recording.stop()}, on the boot class path).
 */
public class StoppedCost {

    static long sink;

    static int leaf(int i) {
        return i ^ (i >>> 3);
    }

    static void run(int calls) {
        long s = 0;
        for (int i = 0; i < calls; i++) s += leaf(i);
        sink += s;
    }

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("stop")) {
            Class.forName("org.candor.probe.Recording").getMethod("stop").invoke(null);
        }
        int calls = 10_000_000;
        for (int r = 0; r < 5; r++) run(calls);
        long best = Long.MAX_VALUE;
        for (int r = 0; r < 15; r++) {
            long t = System.nanoTime();
            run(calls);
            best = Math.min(best, System.nanoTime() - t);
        }
        System.out.printf("%.2f%n", best / (double) calls);
    }
}
