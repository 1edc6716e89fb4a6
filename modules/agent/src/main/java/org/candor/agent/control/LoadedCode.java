package org.candor.agent.control;

import java.lang.instrument.Instrumentation;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;

/**
 * What the app's root-method browser lists: the classes the program has loaded (named, not arrays, hidden or
 * lambda proxies), filtered by a piece of their name, and the methods a class declares ({@code name(int, String)}). Reading a class's methods
 * links the types they name (it never initializes the class); a class whose types cannot be found says so.
 */
final class LoadedCode {

    /** At most this many classes in one answer: the browser narrows by typing, it does not page through thousands. */
    static final int MAX_CLASSES = 200;

    private LoadedCode() {}

    /** {@code classes TEXT}: loaded classes whose name contains TEXT (case ignored), sorted, at most {@link #MAX_CLASSES}. */
    static Reply classes(Instrumentation inst, String text) {
        String wanted = text.toLowerCase(Locale.ROOT);
        TreeSet<String> names = new TreeSet<>();
        for (Class<?> c : inst.getAllLoadedClasses()) {
            if (c.isArray() || c.isPrimitive() || c.isSynthetic()) continue;
            String name = c.getName();
            if (name.indexOf('/') >= 0) continue;  // a hidden class (lambda proxies): nothing to choose as a root
            if (name.startsWith("org.candor.agent.") || name.startsWith("org.candor.probe.")) continue;
            if (name.toLowerCase(Locale.ROOT).contains(wanted)) names.add(name);
        }
        Reply r = Reply.ok(names.size() + " classes").put("count", names.size());
        int i = 0;
        for (String name : names) {
            if (i == MAX_CLASSES) break;
            r.put("class." + ++i, name);
        }
        return r.put("shown", i);
    }

    /** {@code methods CLASS}: the methods the loaded class declares, as {@code name(descriptor)}, sorted. */
    static Reply methods(Instrumentation inst, String className) {
        List<Class<?>> found = new ArrayList<>();
        for (Class<?> c : inst.getAllLoadedClasses()) if (c.getName().equals(className)) found.add(c);
        if (found.isEmpty()) return Reply.error("no loaded class " + className);
        TreeSet<String> methods = new TreeSet<>();
        try {
            for (Class<?> c : found) {
                for (Method m : c.getDeclaredMethods()) {
                    if (m.isSynthetic() || m.isBridge()) continue;
                    methods.add(m.getName() + parameters(m));
                }
            }
        } catch (LinkageError | SecurityException e) {
            return Reply.error("cannot list the methods of " + className + ": " + e);
        }
        Reply r = Reply.ok(methods.size() + " methods").put("count", methods.size());
        int i = 0;
        for (String m : methods) r.put("method." + ++i, m);
        return r;
    }

    /** {@code (int, String)}: the parameters as a reader knows them. */
    private static String parameters(Method m) {
        StringBuilder b = new StringBuilder("(");
        Class<?>[] types = m.getParameterTypes();
        for (int i = 0; i < types.length; i++) b.append(i == 0 ? "" : ", ").append(types[i].getSimpleName());
        return b.append(')').toString();
    }
}
