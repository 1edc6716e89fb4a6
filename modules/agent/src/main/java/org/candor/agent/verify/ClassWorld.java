package org.candor.agent.verify;

import java.util.Map;

/**
 * A throw-away loader over the classes of one source and, for what they refer to, the classes of the other sources;
 * everything else comes from {@code parent} (the probe classes over the platform). Nothing it defines is initialised:
 * no code of the checked jars runs.
 */
final class ClassWorld extends ClassLoader {

    static {
        registerAsParallelCapable();
    }

    private final Map<String, byte[]> own;
    private final Map<String, byte[]> others;
    private final boolean ownFirst;

    /**
     * @param ownFirst define the source's own classes here even where the parent has a class of that name (a module
     *                 of the JDK checked against the running JDK), except {@code java.*}, which only the JDK's own
     *                 loaders may define
     */
    ClassWorld(Map<String, byte[]> own, Map<String, byte[]> others, ClassLoader parent, boolean ownFirst) {
        super("candor-verify", parent);
        this.own = own;
        this.others = others;
        this.ownFirst = ownFirst;
    }

    static boolean definable(String internalName) {
        return !internalName.startsWith("java/");
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (!ownFirst) return super.loadClass(name, resolve);
        synchronized (getClassLoadingLock(name)) {
            Class<?> c = findLoadedClass(name);
            if (c == null) {
                String internal = name.replace('.', '/');
                byte[] b = definable(internal) ? own.get(internal) : null;
                c = b != null ? defineClass(name, b, 0, b.length) : super.loadClass(name, false);
            }
            if (resolve) resolveClass(c);
            return c;
        }
    }

    @Override
    protected Class<?> findClass(String name) throws ClassNotFoundException {
        String internal = name.replace('.', '/');
        byte[] b = own.get(internal);
        if (b == null) b = others.get(internal);
        if (b == null) throw new ClassNotFoundException(name);
        return defineClass(name, b, 0, b.length);
    }
}
