package org.candor.bench.variants;

import java.lang.invoke.MethodHandle;
import java.lang.reflect.Array;
import java.lang.reflect.Method;
import java.util.Optional;

/**
 * Prototype of a cheaper clock for JDK 22+: rdtsc through an FFM downcall with {@code Linker.Option.critical}, which
 * skips the Java-to-native thread state transition a JNI call makes. Built by reflection so that this module still
 * compiles for release 17: the handle is a {@code static final MethodHandle}, so C2 inlines {@code invokeExact} down
 * to a direct call of the stub.
 *
 * <p>The prototype maps one executable page with libc's {@code mmap} and writes {@code rdtsc; shl rdx,32; or rax,rdx;
 * ret} into it. The real thing would have libcandor.so export that function (or hand its address to the probe) and
 * put this clock in a multi-release probe jar (META-INF/versions/22). Needs {@code --enable-native-access=ALL-UNNAMED}
 * (else JDK 22+ prints a restricted-method warning). x86-64 Linux only; {@link #TICKS} is null elsewhere.
 */
public final class FfmClock {

    /** {@code ()long}, or null when unavailable (then {@link #UNAVAILABLE} says why). */
    static final MethodHandle TICKS;
    public static final String UNAVAILABLE;

    private static final byte[] RDTSC = {
        0x0F, 0x31,                          // rdtsc
        0x48, (byte) 0xC1, (byte) 0xE2, 0x20, // shl rdx, 32
        0x48, 0x09, (byte) 0xD0,             // or rax, rdx
        (byte) 0xC3,                         // ret
    };

    static {
        MethodHandle h = null;
        String why = null;
        try {
            h = make();
        } catch (Throwable t) {
            why = t.toString();
        }
        TICKS = h;
        UNAVAILABLE = why;
    }

    private FfmClock() {}

    public static long now() {
        try {
            return (long) TICKS.invokeExact();
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    private static MethodHandle make() throws Throwable {
        if (!"amd64".equals(System.getProperty("os.arch")) && !"x86_64".equals(System.getProperty("os.arch"))) {
            throw new UnsupportedOperationException("x86-64 only");
        }
        Class<?> linkerC = Class.forName("java.lang.foreign.Linker");
        Class<?> optionC = Class.forName("java.lang.foreign.Linker$Option");
        Class<?> segmentC = Class.forName("java.lang.foreign.MemorySegment");
        Class<?> descC = Class.forName("java.lang.foreign.FunctionDescriptor");
        Class<?> layoutC = Class.forName("java.lang.foreign.MemoryLayout");
        Class<?> valueC = Class.forName("java.lang.foreign.ValueLayout");
        Class<?> ofByteC = Class.forName("java.lang.foreign.ValueLayout$OfByte");
        Class<?> lookupC = Class.forName("java.lang.foreign.SymbolLookup");
        Object jLong = valueC.getField("JAVA_LONG").get(null);
        Object jInt = valueC.getField("JAVA_INT").get(null);
        Object jByte = valueC.getField("JAVA_BYTE").get(null);
        Method descOf = descC.getMethod("of", layoutC, layoutC.arrayType());
        Method downcall = linkerC.getMethod("downcallHandle", segmentC, descC, optionC.arrayType());
        Method ofAddress = segmentC.getMethod("ofAddress", long.class);

        Object linker = linkerC.getMethod("nativeLinker").invoke(null);
        Object lookup = linkerC.getMethod("defaultLookup").invoke(linker);
        Optional<?> mmap = (Optional<?>) lookupC.getMethod("find", String.class).invoke(lookup, "mmap");
        Object args = Array.newInstance(layoutC, 6);
        Object[] types = {jLong, jLong, jInt, jInt, jInt, jLong};
        for (int i = 0; i < types.length; i++) Array.set(args, i, types[i]);
        MethodHandle mmapH = (MethodHandle) downcall.invoke(linker, mmap.orElseThrow(), descOf.invoke(null, jLong, args),
                Array.newInstance(optionC, 0));
        // PROT_READ | PROT_WRITE | PROT_EXEC, MAP_PRIVATE | MAP_ANONYMOUS
        long page = (long) mmapH.invokeWithArguments(0L, 4096L, 7, 0x22, -1, 0L);
        if (page == -1L) throw new IllegalStateException("mmap of an executable page failed");
        Object segment = segmentC.getMethod("reinterpret", long.class).invoke(ofAddress.invoke(null, page), 4096L);
        Method setByte = segmentC.getMethod("set", ofByteC, long.class, byte.class);
        for (int i = 0; i < RDTSC.length; i++) setByte.invoke(segment, jByte, (long) i, RDTSC[i]);

        Object critical = optionC.getMethod("critical", boolean.class).invoke(null, false);
        Object options = Array.newInstance(optionC, 1);
        Array.set(options, 0, critical);
        return (MethodHandle) downcall.invoke(linker, ofAddress.invoke(null, page),
                descOf.invoke(null, jLong, Array.newInstance(layoutC, 0)), options);
    }
}
