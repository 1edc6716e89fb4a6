package org.candor.cli.targets;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

/**
 * A program the tests drive line by line on stdin, so they can act on it between its phases: {@code a} runs phase
 * A ({@link #alpha} 20000 times) and prints "A N" (a checksum), {@code b} runs phase B ({@link #beta}) and prints
 * "B N", {@code c} calls {@link #beta} 300 times from {@link #phaseC} and prints "C N", {@code quit} prints "bye" and ends. Its output depends on nothing but its input.
 */
public final class Phases {

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        System.out.println("ready");
        System.out.flush();
        for (String line; (line = in.readLine()) != null; ) {
            switch (line.trim()) {
                case "a": System.out.println("A " + phaseA()); break;
                case "b": System.out.println("B " + phaseB()); break;
                case "c": System.out.println("C " + phaseC()); break;
                case "quit": System.out.println("bye"); return;
                default: System.out.println("? " + line);
            }
            System.out.flush();
        }
    }

    static long phaseA() {
        long sum = 0;
        for (int i = 0; i < 20000; i++) sum += alpha(i);
        return sum;
    }

    static long phaseB() {
        long sum = 0;
        for (int i = 0; i < 20000; i++) sum += beta(i);
        return sum;
    }

    /** {@link #beta} again, from another caller (outside a root that is phase B). */
    static long phaseC() {
        long sum = 0;
        for (int i = 0; i < 300; i++) sum += beta(i);
        return sum;
    }

    static long alpha(int i) {
        return (i * 31L) ^ (i >>> 2);
    }

    static long beta(int i) {
        return (i * 17L) + (i % 7);
    }
}
