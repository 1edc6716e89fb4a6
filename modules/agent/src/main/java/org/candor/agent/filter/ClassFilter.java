package org.candor.agent.filter;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Decides which classes and methods are instrumented. The rules, in order:
 * <ol>
 *   <li>Never: Candor's own agent and probe, and the JDK code the probes themselves run on ({@code java.lang},
 *       {@code jdk.internal}, {@code sun}). Instrumenting those could make a probe call a probe.</li>
 *   <li>A user exclude that matches the class excludes all of it; one that matches a method excludes the method.</li>
 *   <li>With includes, only what an include matches is instrumented; without, everything else is.</li>
 *   <li>Default excludes ({@code java, javax, jdk, sun, com.sun}, and Candor's own {@code org.candor}) apply unless
 *       turned off, or unless the include that matches names the excluded package explicitly: {@code
 *       com.sun.tools.javac.**} instruments javac, {@code com.**} does not reach into {@code com.sun}.</li>
 * </ol>
 * An excluded class is not transformed at all, so it costs nothing.
 */
public final class ClassFilter {

    public enum Decision { SKIP, ALL_METHODS, SOME_METHODS }

    public static final List<String> DEFAULT_EXCLUDES =
            List.of("java", "javax", "jdk", "sun", "com.sun", "org.candor");
    private static final List<String> NEVER =
            List.of("org.candor.probe", "org.candor.agent", "java.lang", "jdk.internal", "sun");

    private final List<NamePattern> includes;
    private final List<NamePattern> excludes;
    private final boolean defaultExcludes;

    public ClassFilter(List<String> includes, List<String> excludes, boolean defaultExcludes) {
        this.includes = parseAll(includes);
        this.excludes = parseAll(excludes);
        this.defaultExcludes = defaultExcludes;
    }

    private static List<NamePattern> parseAll(List<String> texts) {
        List<NamePattern> out = new ArrayList<>();
        for (String t : texts) out.add(NamePattern.parse(t));
        return Collections.unmodifiableList(out);
    }

    /** @param className dotted binary name, e.g. {@code com.acme.Server$Handler} */
    public Decision decide(String className) {
        if (inPackages(className, NEVER)) return Decision.SKIP;
        boolean methodRules = false;
        for (NamePattern e : excludes) {
            if (e.matchesClass(className)) return Decision.SKIP;
            methodRules |= e.mayMatchMethodsOf(className);
        }
        if (classIncluded(className)) return methodRules ? Decision.SOME_METHODS : Decision.ALL_METHODS;
        for (NamePattern i : includes) {
            if (i.mayMatchMethodsOf(className) && defaultAllows(className, i)) return Decision.SOME_METHODS;
        }
        return Decision.SKIP;
    }

    /** For a class that {@link #decide} did not skip: whether this method is instrumented. */
    public boolean includesMethod(String className, String methodName, String descriptor) {
        for (NamePattern e : excludes) if (e.matchesMethod(className, methodName, descriptor)) return false;
        if (classIncluded(className)) return true;
        for (NamePattern i : includes) {
            if (i.matchesMethod(className, methodName, descriptor) && defaultAllows(className, i)) return true;
        }
        return false;
    }

    private boolean classIncluded(String className) {
        if (includes.isEmpty()) return !defaultExcluded(className);
        for (NamePattern i : includes) {
            if (i.matchesClass(className) && defaultAllows(className, i)) return true;
        }
        return false;
    }

    private boolean defaultAllows(String className, NamePattern include) {
        String excludedBy = defaultExcludeOf(className);
        if (excludedBy == null) return true;
        String literal = include.literalPrefix();
        return literal.equals(excludedBy) || literal.startsWith(excludedBy + ".");
    }

    private boolean defaultExcluded(String className) {
        return defaultExcludeOf(className) != null;
    }

    private String defaultExcludeOf(String className) {
        if (!defaultExcludes) return null;
        for (String p : DEFAULT_EXCLUDES) if (inPackage(className, p)) return p;
        return null;
    }

    private static boolean inPackages(String className, List<String> packages) {
        for (String p : packages) if (inPackage(className, p)) return true;
        return false;
    }

    private static boolean inPackage(String className, String pkg) {
        return className.startsWith(pkg) && (className.length() == pkg.length() || className.charAt(pkg.length()) == '.');
    }

    public List<NamePattern> includes() { return includes; }
    public List<NamePattern> excludes() { return excludes; }
}
