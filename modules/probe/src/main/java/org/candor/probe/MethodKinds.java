package org.candor.probe;

/**
 * What kind of code each instrumented method runs as, by method id: interpreted until the JIT compiles it (or
 * inlines it into a compiled method), interpreted again when that code is unloaded. The agent feeds it from the
 * JVM's CompiledMethodLoad/Unload events; the probes read it to pick a calibration category.
 */
public final class MethodKinds {

    public static final int INTERPRETED = 0;
    public static final int COMPILED = 1;
    public static final int NATIVE = 2;
    /** The thread's root, a dropped frame, a method without an id. */
    public static final int OTHER = 3;
    public static final int COUNT = 4;

    private static final Object LOCK = new Object();
    /** Compiled bodies that contain the method (its own or others it was inlined into). */
    private static volatile short[] compiledIn = new short[1024];
    private static volatile long compilations;

    private MethodKinds() {}

    static int of(int methodId) {
        short[] c = compiledIn;
        if (methodId < 0) return OTHER;
        return methodId < c.length && c[methodId] > 0 ? COMPILED : INTERPRETED;
    }

    /** A compiled body that contains these methods was loaded ({@code +1}) or unloaded ({@code -1}). */
    public static void compiled(int[] methodIds, int count, int delta) {
        synchronized (LOCK) {
            short[] c = compiledIn;
            int max = 0;
            for (int i = 0; i < count; i++) max = Math.max(max, methodIds[i]);
            if (max >= c.length) {
                short[] bigger = new short[Math.max(max + 1, c.length * 2)];
                System.arraycopy(c, 0, bigger, 0, c.length);
                c = bigger;
            }
            for (int i = 0; i < count; i++) {
                int id = methodIds[i];
                if (id < 0) continue;
                int v = c[id] + delta;
                c[id] = (short) Math.max(0, Math.min(Short.MAX_VALUE, v));
            }
            compiledIn = c;
            if (delta > 0) compilations++;
        }
    }

    /** Compiled bodies loaded so far (any method, instrumented or not, when the agent counts them all). */
    public static long compilations() { return compilations; }

    /** A compilation the agent saw of a method it does not instrument: counts for the warm-up delay only. */
    public static void otherCompilation() {
        synchronized (LOCK) { compilations++; }
    }

    public static String name(int kind) {
        switch (kind) {
            case INTERPRETED: return "int";
            case COMPILED: return "jit";
            case NATIVE: return "nat";
            default: return "oth";
        }
    }
}
