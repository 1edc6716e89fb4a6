package org.candor.probe;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * Hidden classes never reach a ClassFileTransformer (the JVM posts no load hook for them), so instrumented code
 * calls these methods in place of {@code Lookup.defineHiddenClass} and {@code defineHiddenClassWithClassData}:
 * the class bytes get their probes here, then the real method defines them. Parameter types are erased to Object
 * because this class is compiled for Java 11, which has no {@code Lookup.ClassOption}.
 */
public final class HiddenClasses {

    /** Implemented by the agent: instrumented bytes, or null to define the class unchanged. */
    public interface Instrumenter {
        byte[] instrument(byte[] classFile);
    }

    private static volatile Instrumenter instrumenter;
    private static volatile MethodHandle define;
    private static volatile MethodHandle defineWithData;

    private HiddenClasses() {}

    public static void install(Instrumenter i) {
        instrumenter = i;
    }

    public static Object define(Object lookup, byte[] bytes, boolean initialize, Object[] options) throws Throwable {
        MethodHandle mh = define;
        if (mh == null) {
            define = mh = find("defineHiddenClass", byte[].class, boolean.class, classOptions());
        }
        return mh.invoke(lookup, instrumented(bytes), initialize, options);
    }

    public static Object defineWithClassData(Object lookup, byte[] bytes, Object data, boolean initialize,
                                             Object[] options) throws Throwable {
        MethodHandle mh = defineWithData;
        if (mh == null) {
            defineWithData = mh = find("defineHiddenClassWithClassData", byte[].class, Object.class, boolean.class,
                    classOptions());
        }
        return mh.invoke(lookup, instrumented(bytes), data, initialize, options);
    }

    private static byte[] instrumented(byte[] bytes) {
        Instrumenter i = instrumenter;
        if (i == null || bytes == null) return bytes;
        try {
            byte[] out = i.instrument(bytes);
            return out != null ? out : bytes;
        } catch (Throwable t) {
            return bytes;
        }
    }

    private static Class<?> classOptions() throws ClassNotFoundException {
        return Class.forName("[Ljava.lang.invoke.MethodHandles$Lookup$ClassOption;");
    }

    private static MethodHandle find(String name, Class<?>... parameters) throws ReflectiveOperationException {
        return MethodHandles.publicLookup().findVirtual(MethodHandles.Lookup.class, name,
                MethodType.methodType(MethodHandles.Lookup.class, parameters)).asFixedArity();
    }
}
