package org.candor.core.model;

import java.util.Objects;

/** A method as the JVM names it: class (dotted binary name), method name and JVM descriptor. */
public final class MethodInfo {

    private final int id;
    private final String className;
    private final String name;
    private final String descriptor;

    public MethodInfo(int id, String className, String name, String descriptor) {
        this.id = id;
        this.className = Objects.requireNonNull(className);
        this.name = Objects.requireNonNull(name);
        this.descriptor = Objects.requireNonNull(descriptor);
    }

    public int id() { return id; }
    /** Dotted binary class name, e.g. {@code com.acme.Server$Handler}. */
    public String className() { return className; }
    public String name() { return name; }
    /** JVM method descriptor, e.g. {@code (Ljava/lang/String;I)V}. */
    public String descriptor() { return descriptor; }

    /** {@code com.acme.Server$Handler.handle}: the frame name used by folded stacks. */
    public String qualifiedName() { return className + "." + name; }

    /** {@code com.acme.Server$Handler.handle(String, int)}: parameter types in simple Java form. */
    public String signature() { return qualifiedName() + Descriptors.javaParameters(descriptor); }

    @Override public String toString() { return qualifiedName() + descriptor; }
}
