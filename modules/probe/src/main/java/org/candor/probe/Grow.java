package org.candor.probe;

/**
 * Array copies for the probe runtime. java.util.Arrays is not used on purpose: a user may choose to instrument
 * java.util, and the probes must never run instrumented code themselves.
 */
final class Grow {

    private Grow() {}

    static int[] copy(int[] a, int length) {
        int[] b = new int[length];
        System.arraycopy(a, 0, b, 0, Math.min(a.length, length));
        return b;
    }

    static byte[] copy(byte[] a, int length) {
        byte[] b = new byte[length];
        System.arraycopy(a, 0, b, 0, Math.min(a.length, length));
        return b;
    }

    static long[] copy(long[] a, int length) {
        if (a == null) return null;
        long[] b = new long[length];
        System.arraycopy(a, 0, b, 0, Math.min(a.length, length));
        return b;
    }

    static int[] slice(int[] a, int from, int to) {
        int[] b = new int[Math.max(0, to - from)];
        System.arraycopy(a, from, b, 0, b.length);
        return b;
    }

    static long[] slice(long[] a, int from, int to) {
        long[] b = new long[Math.max(0, to - from)];
        System.arraycopy(a, from, b, 0, b.length);
        return b;
    }
}
