package org.candor.it.targets;

import java.io.File;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;

/**
 * A thread that spends a known share of its CPU time creating and deleting files (system calls: most of that time
 * is the kernel's) and the rest computing. Each phase runs for a slice of the thread's own CPU time (user + system,
 * ThreadMXBean), alternating, and the program prints the CPU time each phase really took:
 * {@code CPU createFiles=NS compute=NS}. A CPU-time sampler that counts kernel time gives createFiles its share; one
 * that samples user time only sees little of it. The measured thread is "files". Args: seconds (default 4).
 */
public final class FileCreation {

    static volatile long sink;

    public static void main(String[] args) throws Exception {
        double seconds = args.length > 0 ? Double.parseDouble(args[0]) : 4;
        File dir = Files.createTempDirectory("candor-files").toFile();
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        long[] spent = new long[2];
        long end = System.nanoTime() + (long) (seconds * 1e9);
        Thread t = new Thread(() -> {
            try {
                while (System.nanoTime() < end) {
                    long t0 = mx.getCurrentThreadCpuTime();
                    createFiles(dir, mx, t0 + 20_000_000);
                    long t1 = mx.getCurrentThreadCpuTime();
                    compute(mx, t1 + 20_000_000);
                    long t2 = mx.getCurrentThreadCpuTime();
                    spent[0] += t1 - t0;
                    spent[1] += t2 - t1;
                }
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }, "files");
        t.start();
        t.join();
        dir.delete();
        System.out.printf("CPU createFiles=%d compute=%d%n", spent[0], spent[1]);
    }

    /** Creates and deletes files until the thread's CPU clock reaches {@code until}. */
    static void createFiles(File dir, ThreadMXBean mx, long until) throws IOException {
        int n = 0;
        do {
            for (int i = 0; i < 20; i++) {
                File f = new File(dir, "f" + (n++ & 63));
                if (!f.createNewFile() || !f.delete()) throw new IOException("cannot create and delete " + f);
            }
        } while (mx.getCurrentThreadCpuTime() < until);
    }

    /** Arithmetic until the thread's CPU clock reaches {@code until}. */
    static void compute(ThreadMXBean mx, long until) {
        long x = sink | 1;
        do {
            for (int i = 0; i < 20_000; i++) {
                x ^= x << 13;
                x ^= x >>> 7;
                x ^= x << 17;
            }
        } while (mx.getCurrentThreadCpuTime() < until);
        sink = x;
    }
}
