import java.lang.management.ManagementFactory;

/**
 * Runs javac several times in this JVM's main thread, each time from its own method ({@code round1}..{@code round5}),
 * and says on stderr what each round cost the main thread (CPU and wall time). The steady-state part of the full-size
 * benchmark includes this class in the profile, so each round's calibrated total is its own node: later rounds show
 * what instrumentation costs once the JIT has warmed up, apart from the warm-up itself.
 */
public final class JavacRounds {
    private static String[] javacArgs;

    public static void main(String[] args) {
        int rounds = Integer.parseInt(args[0]);
        javacArgs = java.util.Arrays.copyOfRange(args, 1, args.length);
        Runnable[] all = {JavacRounds::round1, JavacRounds::round2, JavacRounds::round3, JavacRounds::round4,
                          JavacRounds::round5};
        if (rounds < 1 || rounds > all.length) throw new IllegalArgumentException("rounds: 1 to " + all.length);
        var threads = ManagementFactory.getThreadMXBean();
        for (int i = 0; i < rounds; i++) {
            long wall = System.nanoTime();
            long cpu = threads.getCurrentThreadCpuTime();
            all[i].run();
            System.err.println("ROUND " + (i + 1) + " cpu_ns=" + (threads.getCurrentThreadCpuTime() - cpu)
                    + " wall_ns=" + (System.nanoTime() - wall));
        }
    }

    private static void compile() {
        int rc = com.sun.tools.javac.Main.compile(javacArgs);
        if (rc != 0) throw new IllegalStateException("javac failed: " + rc);
    }

    static void round1() { compile(); }
    static void round2() { compile(); }
    static void round3() { compile(); }
    static void round4() { compile(); }
    static void round5() { compile(); }
}
