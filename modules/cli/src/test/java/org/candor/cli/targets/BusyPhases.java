package org.candor.cli.targets;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

/**
 * A program for sampling that the tests drive line by line on stdin: {@code a} spends some 300 ms of CPU in
 * {@link #alpha} and prints "A N" (a checksum), {@code b} the same in {@link #beta}, {@code bg} starts a thread
 * "background" that works in {@link #gamma} until {@code quit}, which prints "bye" and ends. Its output depends on
 * nothing but its input.
 */
public final class BusyPhases {

    /** Rounds of a phase: ~300 ms of CPU here, enough for hundreds of samples at 1 ms. */
    static final int ROUNDS = 120_000_000;

    private static volatile boolean stop;
    static volatile long sink;

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        Thread background = null;
        System.out.println("ready");
        System.out.flush();
        for (String line; (line = in.readLine()) != null; ) {
            switch (line.trim()) {
                case "a": System.out.println("A " + alpha(ROUNDS)); break;
                case "b": System.out.println("B " + beta(ROUNDS)); break;
                case "bg":
                    if (background == null) {
                        background = new Thread(BusyPhases::gammaUntilStopped, "background");
                        background.start();
                    }
                    System.out.println("bg");
                    break;
                case "quit":
                    stop = true;
                    if (background != null) background.join();
                    System.out.println("bye");
                    return;
                default: System.out.println("? " + line);
            }
            System.out.flush();
        }
    }

    static long alpha(int rounds) {
        long x = 1;
        for (int i = 0; i < rounds; i++) x = x * 6364136223846793005L + 1442695040888963407L ^ (x >>> 29);
        return x;
    }

    static long beta(int rounds) {
        long x = 2;
        for (int i = 0; i < rounds; i++) x = x * 6364136223846793005L + 1442695040888963407L ^ (x >>> 31);
        return x;
    }

    static void gammaUntilStopped() {
        long x = 3;
        while (!stop) x = gamma(x);
        sink = x;
    }

    static long gamma(long x) {
        for (int i = 0; i < 100_000; i++) x = x * 6364136223846793005L + 1442695040888963407L ^ (x >>> 27);
        return x;
    }
}
