package org.candor.agent.sampling;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Child-JVM workloads for NativeAgentTest's sampler tests. Each runs, then drains the sampler and prints key=value
 * lines: every stat as {@code stat.<name>=<value>}, plus what the workload needs checked.
 */
final class SamplerDriver {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    /** Iterations of a leaf's loop: some tens of microseconds per call, so call overhead is negligible. */
    private static final int WORK = 20_000;
    private static final Map<String, Long> CPU_NANOS = new ConcurrentHashMap<>();
    static volatile long sink;
    /** Released when control() resumes sampling. */
    private static final java.util.concurrent.CountDownLatch RESUMED = new java.util.concurrent.CountDownLatch(1);
    private static Thread idleAtAttach;

    private SamplerDriver() {
    }

    static void main(String[] args) throws Exception {
        if (args[0].equals("attach-control")) {
            // blocked at the attach, so it never binds its record before the pause; it works once resumed
            idleAtAttach = new Thread(() -> {
                try {
                    RESUMED.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                sink += spinLeaf('A', Double.parseDouble(args[3]));
            }, "idle-at-attach");
            idleAtAttach.start();
        }
        if (args[0].startsWith("attach")) {
            attach(args[1], args[2]);
        }
        boolean bound = true;
        try {
            System.out.println("running=" + NativeSampler.running0());
        } catch (UnsatisfiedLinkError noLibrary) {
            System.out.println("running=unbound");
            bound = false;
        }
        switch (args[0]) {
            case "split" -> split(Double.parseDouble(args[1]));
            case "two" -> two(Double.parseDouble(args[1]));
            case "wall" -> wall(Double.parseDouble(args[1]));
            case "kernel" -> kernel(Double.parseDouble(args[1]));
            case "bench" -> bench(Integer.parseInt(args[1]));
            case "leafcost" -> leafCost();
            case "idle" -> { }
            case "main" -> Class.forName(args[1]).getMethod("main", String[].class)
                    .invoke(null, (Object) java.util.Arrays.copyOfRange(args, 2, args.length));
            case "attach" -> afterAttach(Double.parseDouble(args[3]));
            case "control" -> control(Double.parseDouble(args[1]));
            case "reuse" -> reuse(Double.parseDouble(args[1]));
            case "attach-control" -> control(Double.parseDouble(args[3]));
            default -> throw new IllegalArgumentException(args[0]);
        }
        if (!bound) {
            return;
        }
        Object[] parts = NativeSampler.drain0();
        System.out.println("runningAfterDrain=" + NativeSampler.running0());
        System.out.println("snapshotAfterDrainNull=" + (NativeSampler.snapshot0(null) == null));
        System.out.println("pauseAfterDrain=" + NativeSampler.pause0());
        System.out.println("secondDrainNull=" + (NativeSampler.drain0() == null));
        if (parts == null) {
            System.out.println("drain=null");
            return;
        }
        report(new Profile(parts));
    }

    // The three leaves do the same work per call (identical code); split() calls them 5:3:2.

    static long leafA(long x) {
        for (int i = 0; i < WORK; i++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
            x ^= x >>> 29;
        }
        return x;
    }

    static long leafB(long x) {
        for (int i = 0; i < WORK; i++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
            x ^= x >>> 29;
        }
        return x;
    }

    static long leafC(long x) {
        for (int i = 0; i < WORK; i++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
            x ^= x >>> 29;
        }
        return x;
    }

    static long round(long x) {
        for (int i = 0; i < 5; i++) {
            x = leafA(x);
        }
        for (int i = 0; i < 3; i++) {
            x = leafB(x);
        }
        for (int i = 0; i < 2; i++) {
            x = leafC(x);
        }
        return x;
    }

    /** Runs rounds until this thread has used `seconds` of CPU time. */
    static long spin(double seconds) {
        long end = THREADS.getCurrentThreadCpuTime() + (long) (seconds * 1e9);
        long x = 1;
        while (THREADS.getCurrentThreadCpuTime() < end) {
            for (int i = 0; i < 20; i++) {
                x = round(x);
            }
        }
        CPU_NANOS.put(Thread.currentThread().getName(), THREADS.getCurrentThreadCpuTime());
        return x;
    }

    private static void split(double seconds) {
        sink = spin(seconds);
    }

    private static void two(double seconds) throws InterruptedException {
        List<Thread> threads = new ArrayList<>();
        for (String name : List.of("busy-1", "busy-2")) {
            Thread thread = new Thread(() -> sink += spin(seconds), name);
            threads.add(thread);
            thread.start();
        }
        for (Thread thread : threads) {
            thread.join();
        }
        for (String name : List.of("busy-1", "busy-2")) {
            System.out.println("cpu." + name + "=" + CPU_NANOS.get(name));
        }
    }

    /**
     * A thread that spends its CPU time mostly in the kernel: read(2) of /dev/zero into a direct buffer (the kernel
     * clears the memory; the JDK copies nothing), until it has used `seconds` of CPU time.
     */
    private static void kernel(double seconds) throws Exception {
        Thread reader = new Thread(() -> {
            try (java.nio.channels.FileChannel zero = java.nio.channels.FileChannel.open(java.nio.file.Path.of("/dev/zero"))) {
                java.nio.ByteBuffer buffer = java.nio.ByteBuffer.allocateDirect(1 << 20);
                long end = THREADS.getCurrentThreadCpuTime() + (long) (seconds * 1e9);
                while (THREADS.getCurrentThreadCpuTime() < end) {  // a system call too: not every read
                    for (int i = 0; i < 16; i++) {
                        sink += readLeaf(zero, buffer);
                    }
                }
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            CPU_NANOS.put("reader", THREADS.getCurrentThreadCpuTime());
            CPU_NANOS.put("reader.user", THREADS.getCurrentThreadUserTime());
        }, "reader");
        reader.start();
        reader.join();
        System.out.println("cpu.reader=" + CPU_NANOS.get("reader"));
        System.out.println("user.reader=" + CPU_NANOS.get("reader.user"));
    }

    static long readLeaf(java.nio.channels.FileChannel channel, java.nio.ByteBuffer buffer) throws java.io.IOException {
        buffer.clear();
        return channel.read(buffer);
    }

    private static void wall(double seconds) throws InterruptedException {
        long end = System.nanoTime() + (long) (seconds * 1e9);
        Thread sleeper = new Thread(() -> {
            try {
                while (System.nanoTime() < end) {
                    Thread.sleep(50);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "sleeper");
        Thread burner = new Thread(() -> {
            long x = 1;
            while (System.nanoTime() < end) {
                x = round(x);
            }
            sink = x;
        }, "burner");
        sleeper.start();
        burner.start();
        sleeper.join();
        burner.join();
    }

    /** Runs one leaf only, until this thread has used `seconds` more of CPU time. */
    static long spinLeaf(char leaf, double seconds) {
        long end = THREADS.getCurrentThreadCpuTime() + (long) (seconds * 1e9);
        long x = 1;
        while (THREADS.getCurrentThreadCpuTime() < end) {
            for (int i = 0; i < 20; i++) {
                x = leaf == 'A' ? leafA(x) : leaf == 'B' ? leafB(x) : leafC(x);
            }
        }
        return x;
    }

    /**
     * The control channel's natives: leafC runs only while paused, leafA before the reset, leafB after it (and in a
     * thread that asked not to be sampled); snapshots are taken while sampling goes on, the drain comes last.
     */
    private static void control(double seconds) throws InterruptedException {
        sink += spinLeaf('A', seconds);
        System.out.println("pause=" + NativeSampler.pause0());
        System.out.println("paused.flag=" + NativeSampler.counters0()[NativeSampler.COUNTER_PAUSED]);
        long before = NativeSampler.counters0()[NativeSampler.COUNTER_DELIVERED];
        java.util.concurrent.CountDownLatch pausedWorkDone = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch resumed = new java.util.concurrent.CountDownLatch(1);
        Thread startedWhilePaused = new Thread(() -> {
            sink += spinLeaf('C', seconds);
            pausedWorkDone.countDown();
            try {
                resumed.await();  // registered while paused: its timer comes with the resume
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            sink += spinLeaf('A', seconds);
        }, "started-while-paused");
        startedWhilePaused.start();
        sink += spinLeaf('C', seconds);
        pausedWorkDone.await();
        System.out.println("paused.delivered=" + (NativeSampler.counters0()[NativeSampler.COUNTER_DELIVERED] - before));
        System.out.println("resume=" + NativeSampler.resume0());
        resumed.countDown();
        RESUMED.countDown();
        sink += spinLeaf('A', seconds);
        startedWhilePaused.join();
        if (idleAtAttach != null) {
            idleAtAttach.join();
        }
        long[] counters = NativeSampler.counters0();
        System.out.println("counters.samples=" + counters[NativeSampler.COUNTER_SAMPLES]);
        System.out.println("counters.threads=" + counters[NativeSampler.COUNTER_THREADS]);
        System.out.println("counters.interval=" + counters[NativeSampler.COUNTER_INTERVAL_NS]);
        brief("beforeReset", new Profile(NativeSampler.snapshot0(null)));
        System.out.println("reset=" + NativeSampler.reset0());
        brief("afterReset", new Profile(NativeSampler.snapshot0(null)));
        sink += spinLeaf('B', seconds);
        Thread ignored = new Thread(() -> {
            NativeSampler.ignoreCurrentThread0();
            sink += spinLeaf('B', seconds);
        }, "ignored");
        ignored.start();
        ignored.join();
        brief("later", new Profile(NativeSampler.snapshot0(null)));
    }

    /**
     * Snapshots into an earlier snapshot's node arrays (as a live view's refreshes take them) after the trees grew and a
     * thread came, after a reset (smaller trees into larger arrays: stale tails) with that thread gone, and with a
     * thread added after it: each must hold exactly what a snapshot into new arrays holds at the same moment.
     */
    private static void reuse(double seconds) throws InterruptedException {
        sink += spinLeaf('A', seconds / 4);
        Object[] earlier = NativeSampler.snapshot0(null);
        Thread second = new Thread(() -> sink += spinLeaf('B', seconds), "second");
        second.start();
        sink += spinLeaf('C', seconds);
        second.join();
        earlier = compareReuse("grown", earlier);
        System.out.println("reset=" + NativeSampler.reset0());
        sink += spinLeaf('B', seconds / 4);  // main's new tree differs from the old one its arrays hold
        earlier = compareReuse("reset", earlier);
        Thread third = new Thread(() -> sink += spinLeaf('C', seconds / 4), "third");
        third.start();
        third.join();
        compareReuse("added", earlier);
    }

    /** Paused, so the trees hold still: a snapshot into {@code earlier}'s arrays against one into new arrays. */
    private static Object[] compareReuse(String step, Object[] earlier) {
        NativeSampler.pause0();
        Object[] reused = NativeSampler.snapshot0(earlier);
        Object[] fresh = NativeSampler.snapshot0(null);
        NativeSampler.resume0();
        int[] counts = (int[]) reused[NativeSampler.NODE_COUNTS];
        boolean same = java.util.Arrays.equals((long[]) reused[NativeSampler.THREAD_IDS], (long[]) fresh[NativeSampler.THREAD_IDS])
                && java.util.Arrays.equals(counts, (int[]) fresh[NativeSampler.NODE_COUNTS]);
        for (int part = NativeSampler.METHOD_CLASSES; part <= NativeSampler.METHOD_DESCRIPTORS; part++) {
            same &= java.util.Arrays.equals((Object[]) reused[part], (Object[]) fresh[part]);
        }
        int reusedRows = 0;
        int longerRows = 0;
        for (int part = NativeSampler.NODE_PARENTS; same && part <= NativeSampler.NODE_SELF_WAITING; part++) {
            Object[] rows = (Object[]) reused[part];
            Object[] freshRows = (Object[]) fresh[part];
            Object[] earlierRows = (Object[]) earlier[part];
            for (int t = 0; t < counts.length; t++) {
                int n = counts[t];
                boolean row = part < NativeSampler.NODE_SELF_RUNNING
                        ? java.util.Arrays.equals((int[]) rows[t], 0, n, (int[]) freshRows[t], 0, n)
                        && ((int[]) freshRows[t]).length == n
                        : java.util.Arrays.equals((long[]) rows[t], 0, n, (long[]) freshRows[t], 0, n)
                        && ((long[]) freshRows[t]).length == n;
                same &= row;
                if (t < earlierRows.length && rows[t] == earlierRows[t]) reusedRows++;
                if (java.lang.reflect.Array.getLength(rows[t]) > n) longerRows++;
            }
        }
        System.out.println(step + ".same=" + same);
        System.out.println(step + ".threads=" + counts.length);
        System.out.println(step + ".nodes=" + java.util.Arrays.stream(counts).sum());
        System.out.println(step + ".reusedRows=" + reusedRows);
        System.out.println(step + ".longerRows=" + longerRows);
        return reused;
    }

    /** A snapshot's figures: its stats, samples of each leaf, and its threads. */
    private static void brief(String prefix, Profile profile) {
        for (Map.Entry<String, Long> stat : profile.stats.entrySet()) {
            System.out.println(prefix + ".stat." + stat.getKey() + "=" + stat.getValue());
        }
        Map<String, Long> leaves = new TreeMap<>(Map.of("leafA", 0L, "leafB", 0L, "leafC", 0L));
        long total = 0;
        for (int t = 0; t < profile.threadIds.length; t++) {
            System.out.println(prefix + ".thread." + profile.threadNames[t] + "=" + profile.threadTotals(t)[0]);
            System.out.println(prefix + ".thread." + profile.threadNames[t] + ".parentsBeforeChildren=" + profile.parentsBeforeChildren(t));
            total += profile.threadTotals(t)[0] + profile.threadTotals(t)[1];
            for (int node = 0; node < profile.parents[t].length; node++) {
                int method = profile.nodeMethods[t][node];
                if (method >= 0 && leaves.containsKey(profile.names[method])) {
                    leaves.merge(profile.names[method], profile.selfRunning[t][node] + profile.selfWaiting[t][node], Long::sum);
                }
            }
        }
        System.out.println(prefix + ".total=" + total);
        System.out.println(prefix + ".methods=" + profile.methodCount());
        leaves.forEach((name, sum) -> System.out.println(prefix + ".self." + name + "=" + sum));
    }

    /** Loads the library into this very JVM, as a dynamic attach does. */
    private static void attach(String library, String options) throws Exception {
        com.sun.tools.attach.VirtualMachine vm =
                com.sun.tools.attach.VirtualMachine.attach(String.valueOf(ProcessHandle.current().pid()));
        try {
            vm.loadAgentPath(library, options);
        } finally {
            vm.detach();
        }
    }

    /** A thread started after the attach: it is sampled (the threads that were there before are not). */
    private static void afterAttach(double seconds) throws InterruptedException {
        Thread thread = new Thread(() -> sink += spin(seconds), "after-attach");
        thread.start();
        thread.join();
        System.out.println("cpu.after-attach=" + CPU_NANOS.get("after-attach"));
    }

    /** Fixed work (for overhead): `rounds` rounds on this thread; wall and process CPU time of it. */
    private static void bench(int rounds) {
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long x = 1;
        for (int i = 0; i < rounds / 10; i++) {
            x = round(x);  // warm-up
        }
        long cpu0 = os.getProcessCpuTime();
        long thread0 = THREADS.getCurrentThreadCpuTime();
        long wall0 = System.nanoTime();
        for (int i = 0; i < rounds; i++) {
            x = round(x);
        }
        long wall1 = System.nanoTime();
        long thread1 = THREADS.getCurrentThreadCpuTime();
        long cpu1 = os.getProcessCpuTime();
        sink = x;
        System.out.println("bench.wall_ns=" + (wall1 - wall0));
        System.out.println("bench.thread_cpu_ns=" + (thread1 - thread0));
        System.out.println("bench.cpu_ns=" + (cpu1 - cpu0));
    }

    /**
     * Unprofiled reference: the cost of one call of each leaf, measured on the same code. Each leaf's cost is its
     * cheapest batch in CPU time: a batch preempted or slowed by other work on a busy machine only ever costs more
     * (a sum of elapsed times once gave a leaf 0.37 of the split, and 0.54 the next run).
     */
    private static void leafCost() {
        long x = 1;
        for (int i = 0; i < 2000; i++) {
            x = round(x);  // warm-up: compile everything as in split()
        }
        long[] nanos = {Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE};
        for (int repeat = 0; repeat < 60; repeat++) {
            for (int leaf = 0; leaf < 3; leaf++) {
                long t0 = THREADS.getCurrentThreadCpuTime();
                for (int i = 0; i < 100; i++) {
                    x = leaf == 0 ? leafA(x) : leaf == 1 ? leafB(x) : leafC(x);
                }
                nanos[leaf] = Math.min(nanos[leaf], THREADS.getCurrentThreadCpuTime() - t0);
            }
        }
        sink = x;
        double a = 5.0 * nanos[0];
        double b = 3.0 * nanos[1];
        double c = 2.0 * nanos[2];
        double total = a + b + c;
        System.out.printf(Locale.ROOT, "truth.leafA=%.4f%ntruth.leafB=%.4f%ntruth.leafC=%.4f%n", a / total, b / total, c / total);
    }

    private static void report(Profile profile) {
        for (Map.Entry<String, Long> stat : profile.stats.entrySet()) {
            System.out.println("stat." + stat.getKey() + "=" + stat.getValue());
        }
        System.out.println("interval=" + profile.intervalNanos);
        System.out.println("methods=" + profile.methodCount());
        Map<String, long[]> leaves = new TreeMap<>();
        long running = 0;
        long waiting = 0;
        for (int t = 0; t < profile.threadIds.length; t++) {
            String thread = profile.threadNames[t];
            long[] totals = profile.threadTotals(t);
            running += totals[0];
            waiting += totals[1];
            System.out.println("thread." + thread + ".id=" + profile.threadIds[t]);
            System.out.println("thread." + thread + ".running=" + totals[0]);
            System.out.println("thread." + thread + ".waiting=" + totals[1]);
            System.out.println("thread." + thread + ".waitingUnderSleep=" + profile.waitingUnder(t, "Ljava/lang/Thread;", "sleep"));
            System.out.println("thread." + thread + ".nodes=" + profile.parents[t].length);
            System.out.println("thread." + thread + ".parentsBeforeChildren=" + profile.parentsBeforeChildren(t));
            for (int node = 0; node < profile.parents[t].length; node++) {
                int method = profile.nodeMethods[t][node];
                if (method >= 0 && profile.classes[method].equals("Lorg/candor/agent/sampling/SamplerDriver;")) {
                    long[] sum = leaves.computeIfAbsent(profile.names[method], k -> new long[1]);
                    sum[0] += profile.selfRunning[t][node] + profile.selfWaiting[t][node];
                }
            }
        }
        System.out.println("total.running=" + running);
        System.out.println("total.waiting=" + waiting);
        leaves.forEach((name, sum) -> System.out.println("self." + name + "=" + sum[0]));
        System.out.println("under.readLeaf=" + samplesUnder(profile, "Lorg/candor/agent/sampling/SamplerDriver;", "readLeaf"));
        // The top self methods of all threads, for a human reading the test output.
        Map<String, Long> top = new LinkedHashMap<>();
        for (int t = 0; t < profile.threadIds.length; t++) {
            for (int node = 0; node < profile.parents[t].length; node++) {
                int method = profile.nodeMethods[t][node];
                long self = profile.selfRunning[t][node] + profile.selfWaiting[t][node];
                if (method >= 0 && self > 0) {
                    top.merge(profile.classes[method] + "." + profile.names[method], self, Long::sum);
                }
            }
        }
        // Stubs and pseudo frames ("[truncated]", "[unknown_java]", ...) have no class.
        for (int t = 0; t < profile.threadIds.length; t++) {
            for (int node = 0; node < profile.parents[t].length; node++) {
                int method = profile.nodeMethods[t][node];
                if (method >= 0 && profile.classes[method].isEmpty()) {
                    top.merge("pseudo." + profile.names[method], 0L, Long::sum);
                }
            }
        }
        top.keySet().stream().filter(k -> k.startsWith("pseudo.")).forEach(k -> System.out.println(k + "=" + pseudoCount(profile, k.substring(7))));
        top.keySet().removeIf(k -> k.startsWith("pseudo."));
        top.entrySet().stream().sorted((a, b) -> Long.compare(b.getValue(), a.getValue())).limit(8)
                .forEach(e -> System.out.println("top " + e.getValue() + " " + e.getKey()));
    }

    /** Samples of all threads whose stack has a frame of the method (its own samples and those below it). */
    private static long samplesUnder(Profile profile, String classSignature, String name) {
        long sum = 0;
        for (int t = 0; t < profile.threadIds.length; t++) {
            boolean[] under = new boolean[profile.parents[t].length];
            for (int node = 1; node < under.length; node++) {
                int method = profile.nodeMethods[t][node];
                under[node] = (method >= 0 && profile.classes[method].equals(classSignature) && profile.names[method].equals(name))
                        || under[profile.parents[t][node]];
                if (under[node]) {
                    sum += profile.selfRunning[t][node] + profile.selfWaiting[t][node];
                }
            }
        }
        return sum;
    }

    /** Samples of all threads whose stack has a frame of the classless method `name` (counted on any node below it). */
    private static long pseudoCount(Profile profile, String name) {
        long sum = 0;
        for (int t = 0; t < profile.threadIds.length; t++) {
            boolean[] under = new boolean[profile.parents[t].length];
            for (int node = 1; node < under.length; node++) {
                int method = profile.nodeMethods[t][node];
                under[node] = (profile.classes[method].isEmpty() && profile.names[method].equals(name))
                        || under[profile.parents[t][node]];
                if (under[node]) {
                    sum += profile.selfRunning[t][node] + profile.selfWaiting[t][node];
                }
            }
        }
        return sum;
    }

    /** drain0()'s parts, typed. */
    private static final class Profile {
        final Map<String, Long> stats = new LinkedHashMap<>();
        final String[] classes;
        final String[] names;
        final long[] threadIds;
        final String[] threadNames;
        final int[][] parents;
        final int[][] nodeMethods;
        final long[][] selfRunning;
        final long[][] selfWaiting;
        final long intervalNanos;

        Profile(Object[] parts) {
            if (parts.length != NativeSampler.PARTS) {
                throw new IllegalStateException("parts: " + parts.length);
            }
            String[] statNames = (String[]) parts[NativeSampler.STAT_NAMES];
            long[] statValues = (long[]) parts[NativeSampler.STAT_VALUES];
            for (int i = 0; i < statNames.length; i++) {
                stats.put(statNames[i], statValues[i]);
            }
            classes = (String[]) parts[NativeSampler.METHOD_CLASSES];
            names = (String[]) parts[NativeSampler.METHOD_NAMES];
            String[] descriptors = (String[]) parts[NativeSampler.METHOD_DESCRIPTORS];
            if (descriptors.length != names.length || classes.length != names.length) {
                throw new IllegalStateException("method arrays differ in length");
            }
            threadIds = (long[]) parts[NativeSampler.THREAD_IDS];
            threadNames = (String[]) parts[NativeSampler.THREAD_NAMES];
            parents = (int[][]) parts[NativeSampler.NODE_PARENTS];
            nodeMethods = (int[][]) parts[NativeSampler.NODE_METHODS];
            selfRunning = (long[][]) parts[NativeSampler.NODE_SELF_RUNNING];
            selfWaiting = (long[][]) parts[NativeSampler.NODE_SELF_WAITING];
            intervalNanos = ((long[]) parts[NativeSampler.INTERVAL_NANOS])[0];
        }

        int methodCount() {
            return names.length;
        }

        long[] threadTotals(int t) {
            long[] totals = new long[2];
            for (int node = 0; node < parents[t].length; node++) {
                totals[0] += selfRunning[t][node];
                totals[1] += selfWaiting[t][node];
            }
            return totals;
        }

        boolean parentsBeforeChildren(int t) {
            if (parents[t].length == 0 || parents[t][0] != -1 || nodeMethods[t][0] != -1) {
                return false;
            }
            for (int node = 1; node < parents[t].length; node++) {
                if (parents[t][node] < 0 || parents[t][node] >= node) {
                    return false;
                }
            }
            return true;
        }

        /** Waiting self samples of nodes with an ancestor-or-self of the given method. */
        long waitingUnder(int t, String classSignature, String methodName) {
            boolean[] under = new boolean[parents[t].length];
            long sum = 0;
            for (int node = 1; node < parents[t].length; node++) {
                int method = nodeMethods[t][node];
                boolean match = method >= 0 && classes[method].equals(classSignature) && names[method].equals(methodName);
                under[node] = match || under[parents[t][node]];
                if (under[node]) {
                    sum += selfWaiting[t][node];
                }
            }
            return sum;
        }
    }
}
