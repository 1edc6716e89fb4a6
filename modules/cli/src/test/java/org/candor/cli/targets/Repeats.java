package org.candor.cli.targets;

/** Calls {@code step} as often as its first argument says, and {@code extra} once when there is a second. */
public final class Repeats {

    static long sum;

    static void step(int i) {
        sum += i;
    }

    static void extra() {
        sum++;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        for (int i = 0; i < n; i++) step(i);
        if (args.length > 1) extra();
        System.out.println(sum);
    }
}
