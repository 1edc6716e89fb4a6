package org.candor.core.model;

/**
 * How the JVM's names of sampled code become a snapshot's method names, in one place for the sampler's snapshots and
 * for the call trees cut from a trace.
 */
public final class JvmNames {

    /** The pseudo class of code the JVM names without a class: stubs, the interpreter, [unknown] and the like. */
    public static final String VM_CLASS = "[vm]";

    private JvmNames() {}

    /** {@code Lcom/acme/Foo$Bar;} becomes {@code com.acme.Foo$Bar}; hidden classes keep their {@code /0x...} suffix. */
    public static String className(String signature) {
        String s = signature;
        if (s.startsWith("L") && s.endsWith(";")) s = s.substring(1, s.length() - 1);
        int hidden = s.indexOf(".0x");
        String base = hidden >= 0 ? s.substring(0, hidden) : s;
        return base.replace('/', '.') + (hidden >= 0 ? "/" + s.substring(hidden + 1) : "");
    }

    /**
     * The other way, as the JVM signs a class: {@code com.acme.Foo$Bar} becomes {@code Lcom/acme/Foo$Bar;}, a hidden
     * class's {@code .0x...} address suffix keeps its dot (as JVMTI signs it), an array's name stays as it is.
     */
    public static String signature(String binaryName) {
        int hidden = binaryName.indexOf(".0x");
        String type = hidden < 0 ? binaryName.replace('.', '/')
                : binaryName.substring(0, hidden).replace('.', '/') + binaryName.substring(hidden);
        return type.startsWith("[") ? type : "L" + type + ";";
    }

    /** A stub's or pseudo frame's name as a method name of {@link #VM_CLASS}: {@code itable stub} is {@code itable_stub}. */
    public static String vmMethodName(String name) {
        return name.replace(' ', '_');
    }
}
