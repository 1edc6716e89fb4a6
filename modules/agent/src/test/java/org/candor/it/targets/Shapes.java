package org.candor.it.targets;

import java.io.InputStream;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntUnaryOperator;

/**
 * A program of known shape: every call count on every call path is known in advance, and the test checks the
 * instrumented tree against them. It prints a result so that output can be compared with and without the agent.
 */
public final class Shapes {

    static long sink;

    public static void main(String[] args) throws Throwable {
        nested();
        System.out.println("fib(12)=" + fib(12));
        System.out.println("countdown=" + countdown(20));
        catcher();
        catchFromConstructor();
        for (int i = 0; i < 4; i++) sink += new Point(i, i + 1).sum();
        sink += Holder.VALUE;
        Counter c = new Counter();
        for (int i = 0; i < 5; i++) c.increment();
        lambdas();
        sink += new Pair(3, 4).sum();
        sink += Color.GREEN.weight();
        Shape sq = new Square(3);
        sink += sq.area() + sq.doubled() + Shape.unit();
        System.out.println("hidden=" + hidden());
        System.out.println("overflow caught=" + overflow());
        System.out.println("sink=" + sink + " counter=" + c.value());
    }

    static void nested() {
        for (int i = 0; i < 3; i++) b();
    }

    static void b() {
        c();
        c();
    }

    static void c() {
        sink++;
    }

    static int fib(int n) {
        return n < 2 ? n : fib(n - 1) + fib(n - 2);
    }

    static int countdown(int n) {
        return n == 0 ? 0 : 1 + countdown(n - 1);
    }

    static void catcher() {
        for (int i = 0; i < 2; i++) {
            try {
                thrower3();
            } catch (IllegalStateException expected) {
                afterCatch();
            }
        }
    }

    static void thrower3() { thrower2(); }
    static void thrower2() { thrower1(); }
    static void thrower1() { throw new IllegalStateException("through three frames"); }
    static void afterCatch() { sink++; }

    /** The exception leaves the constructor before super() ran: no handler can cover that part. */
    static void catchFromConstructor() {
        try {
            new Refused();
        } catch (ArithmeticException expected) {
            afterConstructor();
        }
    }

    static void afterConstructor() { sink++; }

    static final class Refused extends Base {
        Refused() { super(divideByZero()); }
    }

    static class Base {
        Base(int v) { sink += v; }
    }

    static int divideByZero() {
        int zero = (int) (sink - sink);
        return 1 / zero;
    }

    static final class Point {
        final int x;
        final int y;
        Point(int x, int y) { this.x = x; this.y = y; }
        int sum() { return x + y; }
    }

    static final class Holder {
        static final long VALUE = compute();
        static long compute() { return 42; }
    }

    static final class Counter {
        private int value;
        synchronized void increment() { value++; }
        synchronized int value() { return value; }
    }

    static void lambdas() {
        Runnable r = () -> c();
        for (int i = 0; i < 3; i++) r.run();
        IntUnaryOperator twice = Shapes::twice;
        sink += twice.applyAsInt(5);
        List<Integer> list = new ArrayList<>(List.of(1, 2, 3, 4));
        list.forEach(Shapes::consume);
    }

    static int twice(int v) { return 2 * v; }
    static void consume(Integer v) { sink += v; }

    record Pair(int a, int b) {
        int sum() { return a + b; }
    }

    enum Color {
        RED(1), GREEN(2);
        private final int w;
        Color(int w) { this.w = w; }
        int weight() { return w; }
    }

    interface Shape {
        int area();
        default int doubled() { return 2 * area(); }
        static int unit() { return 1; }
    }

    static final class Square implements Shape {
        private final int side;
        Square(int side) { this.side = side; }
        @Override public int area() { return side * side; }
    }

    static int hidden() throws Throwable {
        byte[] bytes;
        try (InputStream in = Shapes.class.getResourceAsStream("HiddenTarget.class")) {
            bytes = in.readAllBytes();
        }
        MethodHandles.Lookup lookup = MethodHandles.lookup().defineHiddenClass(bytes, true);
        MethodHandle answer = lookup.findStatic(lookup.lookupClass(), "answer", MethodType.methodType(int.class));
        return (int) answer.invokeExact();
    }

    static boolean overflow() {
        try {
            deep(0);
            return false;
        } catch (StackOverflowError expected) {
            afterOverflow();
            return true;
        }
    }

    static int deep(int n) { return deep(n + 1) + 1; }
    static void afterOverflow() { sink++; }
}
