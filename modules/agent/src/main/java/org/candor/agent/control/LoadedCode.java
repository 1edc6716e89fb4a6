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

    /** At most this many classes in one answer, a page: the browser narrows by typing and asks for more pages. */
    static final int MAX_CLASSES = 200;
    /** The argument's last word {@code from=N} names the first class of the page (0 is the first of all). */
    private static final String FROM = "from=";

    private LoadedCode() {}

    /**
     * {@code classes [TEXT] [from=N]}: loaded classes whose name contains TEXT (case ignored), sorted, at most
     * {@link #MAX_CLASSES} from the N-th on (0: the first).
     */
    static Reply classes(Instrumentation inst, String argument) {
        String text = argument.trim();
        int from = 0;
        int space = text.lastIndexOf(' ');
        String last = text.substring(space + 1);
        if (last.startsWith(FROM)) {
            try {
                from = Integer.parseInt(last.substring(FROM.length()));
            } catch (NumberFormatException e) {
                from = -1;
            }
            if (from < 0) return Reply.error("classes: from= needs a whole number >= 0, not '" + last.substring(FROM.length()) + "'");
            text = space < 0 ? "" : text.substring(0, space).trim();
        }
        String wanted = text.toLowerCase(Locale.ROOT);
        TreeSet<String> names = new TreeSet<>();
        for (Class<?> c : inst.getAllLoadedClasses()) {
            if (c.isArray() || c.isPrimitive() || c.isSynthetic()) continue;
            String name = c.getName();
            if (name.indexOf('/') >= 0) continue;  // a hidden class (lambda proxies): nothing to choose as a root
            if (name.startsWith("org.candor.agent.") || name.startsWith("org.candor.probe.")) continue;
            if (name.toLowerCase(Locale.ROOT).contains(wanted)) names.add(name);
        }
        Reply r = Reply.ok(names.size() + " classes").put("count", names.size()).put("from", from);
        int i = 0;
        int skipped = 0;
        for (String name : names) {
            if (skipped++ < from) continue;
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
