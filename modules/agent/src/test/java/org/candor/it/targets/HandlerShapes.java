package org.candor.it.targets;

/**
 * Methods whose exception handlers javac lays out in ways that trip up inserted code: a catch with a finally (the
 * finally's range covers the catch's start and its own), try-with-resources with a catch, nested finally, a
 * synchronized method with a catch and finally, a synchronized block. Each runs often enough for the JIT to compile it; prints one checksum.
 */
public final class HandlerShapes {

    static long n;

    static final class Resource implements AutoCloseable {
        @Override public void close() { n += 3; }
    }

    static long catchAndFinally(int i) {
        try {
            if (i % 1000 == 999) throw new IllegalStateException("odd");
            return i;
        } catch (IllegalStateException e) {
            n++;
            return -1;
        } finally {
            n += 2;
        }
    }

    static long resourceWithCatch(int i) {
        try (Resource r = new Resource()) {
            if (i % 997 == 0) throw new IllegalArgumentException("even");
            return i + 1;
        } catch (IllegalArgumentException e) {
            return -2;
        }
    }

    static long nestedFinally(int i) {
        try {
            try {
                return i * 2L;
            } finally {
                n += i & 1;
            }
        } finally {
            n += 5;
        }
    }

    static final Object LOCK = new Object();

    static long synchronizedBlock(int i) {
        synchronized (LOCK) {
            if (i % 1001 == 1000) throw new IllegalStateException("locked");
            return i + n;
        }
    }

    static synchronized long synchronizedMethod(int i) {
        try {
            return i - 1;
        } catch (RuntimeException e) {
            return 0;
        } finally {
            n++;
        }
    }

    public static void main(String[] args) {
        long sum = 0;
        for (int i = 0; i < 200_000; i++) {
            sum += catchAndFinally(i) + resourceWithCatch(i) + nestedFinally(i) + synchronizedMethod(i);
            try {
                sum += synchronizedBlock(i);
            } catch (IllegalStateException e) {
                sum--;
            }
        }
        System.out.println("sum " + (sum + n));
    }
}
