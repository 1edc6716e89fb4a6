import java.lang.management.ManagementFactory;

/**
 * Runs javac in this JVM's main thread and says, on stderr, what the main thread cost: its CPU time (ThreadMXBean)
 * and wall time. The full-size benchmark compares a profiler's figure for the main thread with these, from the plain
 * run. Not instrumented itself (the profilers are told to include javac's packages only).
 */
public final class JavacMain {
    public static void main(String[] args) {
        long start = System.nanoTime();
        int rc = com.sun.tools.javac.Main.compile(args);
        long wall = System.nanoTime() - start;
        long cpu = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
        System.err.println("FULLSIZE main_cpu_ns=" + cpu + " main_wall_ns=" + wall + " rc=" + rc);
        System.exit(rc);
    }
}
