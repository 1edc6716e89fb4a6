import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * javac in a loop on several threads at once, for a given time: the sampling soak's multithreaded real workload.
 * Arguments: seconds, threads, then javac's own arguments without {@code -d} (each thread compiles into a folder of
 * its own). Prints one line a compilation ({@code compiled THREAD ROUND rc}) and exits 1 if any compilation failed.
 */
public final class JavacLoop {
    public static void main(String[] args) throws Exception {
        long end = System.nanoTime() + Long.parseLong(args[0]) * 1_000_000_000L;
        int threads = Integer.parseInt(args[1]);
        List<String> javacArgs = List.of(args).subList(2, args.length);
        List<Thread> workers = new ArrayList<>();
        int[] failures = new int[1];
        for (int t = 0; t < threads; t++) {
            int id = t;
            Thread w = new Thread(() -> {
                for (int round = 0; System.nanoTime() < end; round++) {
                    try {
                        Path out = Files.createDirectories(Path.of("soak-out-" + id));
                        List<String> a = new ArrayList<>(javacArgs);
                        a.add(0, out.toString());
                        a.add(0, "-d");
                        int rc = com.sun.tools.javac.Main.compile(a.toArray(new String[0]));
                        System.out.println("compiled " + id + " " + round + " " + rc);
                        if (rc != 0) synchronized (failures) { failures[0]++; }
                    } catch (Exception e) {
                        e.printStackTrace();
                        synchronized (failures) { failures[0]++; }
                    }
                }
            }, "javac-" + t);
            w.start();
            workers.add(w);
        }
        for (Thread w : workers) w.join();
        System.exit(failures[0] == 0 ? 0 : 1);
    }
}
