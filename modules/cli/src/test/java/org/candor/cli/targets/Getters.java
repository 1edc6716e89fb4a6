package org.candor.cli.targets;

/**
 * A program with one method made slow only by probes and one that does real work: {@code value()} is a getter
 * (next to nothing a call, inlined by a plain run) called as often as the first argument says, {@code work} computes
 * for as many steps as the second says.
 */
public final class Getters {

    private final int value;

    private Getters(int value) {
        this.value = value;
    }

    int value() {
        return value;
    }

    static long sumValues(Getters g, int calls) {
        long sum = 0;
        for (int i = 0; i < calls; i++) sum += g.value() ^ i;
        return sum;
    }

    static double work(int steps) {
        double x = 0;
        for (int i = 1; i < steps; i++) x += Math.sqrt(i) / (1 + (i & 7));
        return x;
    }

    public static void main(String[] args) {
        Getters g = new Getters(args.length > 2 ? Integer.parseInt(args[2]) : 3);
        long sum = sumValues(g, Integer.parseInt(args[0]));
        double x = work(Integer.parseInt(args[1]));
        System.out.println(sum + " " + x);
    }
}
