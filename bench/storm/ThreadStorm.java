/**
 * A thread storm for bench/thread-storm.sh: THREADS short threads, one after another, each making a few calls
 * (work, which calls leaf four times); at the end the process's peak resident set (VmHWM of /proc/self/status),
 * printed as {@code peak_rss_kb N}, and {@code work N}, how often work ran.
 */
public final class ThreadStorm {

    static long sink;
    static long works;

    static long work(int i) {
        works++;
        long s = 0;
        for (int k = 0; k < 4; k++) s += leaf(i + k);
        return s;
    }

    static long leaf(int i) {
        return i * 31L + 1;
    }

    public static void main(String[] args) throws Exception {
        int threads = Integer.parseInt(args[0]);
        for (int i = 0; i < threads; i++) {
            int k = i;
            Thread t = new Thread(() -> sink += work(k), "storm-" + i);
            t.start();
            t.join();
        }
        for (String line : java.nio.file.Files.readAllLines(java.nio.file.Paths.get("/proc/self/status"))) {
            if (line.startsWith("VmHWM:")) System.out.println("peak_rss_kb " + line.replaceAll("\\D", ""));
        }
        System.out.println("work " + works);
    }
}
