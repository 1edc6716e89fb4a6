package org.candor.agent.scheme;

import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * The code that runs when a method is invoked on a receiver of a given class, found the way the JVM selects it: the
 * class's own method, else that of the nearest superclass that declares it (even one that does not implement the
 * interface the call names: PMD's {@code JavaVisitorBase extends AstVisitorBase implements JavaVisitor}), else a
 * default method of its superinterfaces. A class whose methods are not known (not seen yet, or excluded by the
 * filters) may declare the method, so it is taken and the search goes on above it: the answer can be too wide,
 * never too narrow.
 */
final class Implementations {

    private final TypeHierarchy types;
    /** Class to the methods with code it declares (name + descriptor), once its class file was seen. */
    private final Map<String, Set<String>> declared;

    Implementations(TypeHierarchy types, Map<String, Set<String>> declared) {
        this.types = types;
        this.declared = declared;
    }

    /** The classes and interfaces whose {@code method} (name + descriptor) may run for a receiver of this class. */
    Set<String> of(String className, String method, ClassLoader loader) {
        Set<String> out = new LinkedHashSet<>();
        Set<String> seen = new HashSet<>();
        for (String c = className; c != null && seen.add(c); c = types.superclass(c, loader)) {
            Set<String> d = declared.get(c);
            if (d == null) {
                out.add(c);
            } else if (d.contains(method)) {
                out.add(c);
                return out;
            }
        }
        // no class above declares it for sure: an interface's default method may be what runs
        for (String s : types.supertypes(className, loader)) {
            Set<String> d = declared.get(s);
            if (d == null || d.contains(method)) out.add(s);
        }
        return out;
    }
}
