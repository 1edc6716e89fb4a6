package org.candor.agent.filter;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.candor.core.model.Descriptors;

/**
 * One include or exclude pattern. Forms (TAU's slashes are accepted for dots: {@code java/lang} = {@code java.lang}):
 * <ul>
 *   <li>{@code com.acme} – a package or class and everything below it (nested classes too);</li>
 *   <li>{@code com.acme.*} – the classes of one package; {@code com.acme.**} – of a package and its subpackages;</li>
 *   <li>{@code com.acme.Cache.get*} – methods: the part after the last dot is matched against method names;</li>
 *   <li>{@code com.acme.Server.handle(*)}, {@code handle()}, {@code handle(String, int[])} – with parameters.</li>
 * </ul>
 * {@code *} matches within one name segment, {@code **} across segments, {@code ?} one character.
 */
public final class NamePattern {

    private final String text;
    private final String name;
    private final boolean wildcard;
    private final Pattern classRegex;
    private final String classPart;
    private final Pattern classPartRegex;
    private final Pattern methodRegex;
    /** Null when any parameters match; otherwise one glob per parameter. */
    private final List<Pattern> params;
    private final boolean methodOnly;

    private NamePattern(String text, String name, List<Pattern> params) {
        this.text = text;
        this.name = name;
        this.params = params;
        this.methodOnly = params != null || text.contains("(");
        this.wildcard = hasWildcard(name);
        this.classRegex = wildcard ? glob(name) : null;
        int dot = name.lastIndexOf('.');
        if (dot > 0) {
            classPart = name.substring(0, dot);
            classPartRegex = hasWildcard(classPart) ? glob(classPart) : null;
            methodRegex = glob(name.substring(dot + 1));
        } else {
            classPart = null;
            classPartRegex = null;
            methodRegex = null;
        }
    }

    public static NamePattern parse(String raw) {
        String text = raw == null ? "" : raw.trim();
        if (text.isEmpty()) throw new PatternException(raw == null ? "" : raw, "it is empty");
        int open = text.indexOf('(');
        String namePart = open < 0 ? text : text.substring(0, open);
        List<Pattern> params = null;
        if (open >= 0) {
            int close = text.indexOf(')', open);
            if (close < 0) throw new PatternException(text, "'(' without ')'");
            if (close != text.length() - 1) throw new PatternException(text, "text after ')'");
            params = parameters(text, text.substring(open + 1, close).trim());
        } else if (text.indexOf(')') >= 0) {
            throw new PatternException(text, "')' without '('");
        }
        String name = namePart.trim().replace('/', '.');
        checkName(text, name, open >= 0);
        return new NamePattern(text, name, params);
    }

    private static List<Pattern> parameters(String text, String inside) {
        if (inside.equals("*") || inside.equals("..")) return null;
        List<Pattern> out = new ArrayList<>();
        if (inside.isEmpty()) return out;
        for (String p : inside.split(",", -1)) {
            String t = p.trim();
            if (t.isEmpty()) throw new PatternException(text, "empty parameter type");
            String base = t.endsWith("[]") ? t.substring(0, t.indexOf('[')) : t;
            if (!base.matches("[\\p{L}\\p{N}_$.*?]+") || !t.substring(base.length()).matches("(\\[\\])*")) {
                throw new PatternException(text, "parameter type '" + t + "' is not a Java type name");
            }
            out.add(glob(t));
        }
        return out;
    }

    private static void checkName(String text, String name, boolean method) {
        if (name.isEmpty()) throw new PatternException(text, "no class or method name");
        if (name.contains("***")) throw new PatternException(text, "'***' (use '*' or '**')");
        String[] segments = name.split("\\.", -1);
        for (String s : segments) {
            if (s.isEmpty()) throw new PatternException(text, "empty name segment (two dots, or a dot at an end)");
            boolean special = s.equals("<init>") || s.equals("<clinit>");
            if (!special && !s.matches("[\\p{L}\\p{N}_$*?]+")) {
                throw new PatternException(text, "'" + s + "' is not a Java name or glob");
            }
        }
        if (method && segments.length < 2) throw new PatternException(text, "a method pattern needs Class.method");
    }

    private static boolean hasWildcard(String s) {
        return s.indexOf('*') >= 0 || s.indexOf('?') >= 0;
    }

    private static Pattern glob(String g) {
        return Pattern.compile(globRegex(g));
    }

    private static String globRegex(String g) {
        StringBuilder r = new StringBuilder();
        for (int i = 0; i < g.length(); i++) {
            char c = g.charAt(i);
            if (c == '*' && i + 1 < g.length() && g.charAt(i + 1) == '*') {
                r.append(".*");
                i++;
            } else if (c == '*') {
                r.append("[^.]*");
            } else if (c == '?') {
                r.append("[^.]");
            } else {
                r.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return r.toString();
    }

    /** Whether the whole class (all its methods) is matched. {@code className} is dotted. */
    public boolean matchesClass(String className) {
        if (methodOnly) return false;
        if (wildcard) return classRegex.matcher(className).matches();
        return className.equals(name) || (className.startsWith(name)
                && (className.charAt(name.length()) == '.' || className.charAt(name.length()) == '$'));
    }

    /** Whether some methods of this class could be matched by the method part of this pattern. */
    public boolean mayMatchMethodsOf(String className) {
        if (classPart == null) return false;
        return classPartRegex != null ? classPartRegex.matcher(className).matches() : classPart.equals(className);
    }

    /**
     * Whether the class part names this very class, without wildcards: once it has loaded, only its methods can
     * match (Java allows no package of the same name as a class, so no class below this name can load). A package
     * pattern ({@code com.acme.**}) names none.
     */
    public boolean namesMethodsOf(String className) {
        return classPart != null && classPartRegex == null && !name.endsWith("**") && classPart.equals(className);
    }

    /** Whether this method is matched, either through its class or by name (and parameters). */
    public boolean matchesMethod(String className, String methodName, String descriptor) {
        if (matchesClass(className)) return true;
        if (!mayMatchMethodsOf(className) || !methodRegex.matcher(methodName).matches()) return false;
        return params == null || parametersMatch(descriptor);
    }

    private boolean parametersMatch(String descriptor) {
        List<String> types = Descriptors.parameterTypes(descriptor);
        if (types == null || types.size() != params.size()) return false;
        for (int i = 0; i < types.size(); i++) {
            String fq = types.get(i);
            String simple = fq.substring(fq.lastIndexOf('.') + 1);
            if (!params.get(i).matcher(fq).matches() && !params.get(i).matcher(simple).matches()) return false;
        }
        return true;
    }

    /**
     * The part of the pattern before any wildcard, e.g. {@code com.sun.tools.javac.} for
     * {@code com.sun.tools.javac.**}: an include overrides a default exclude only when this lies inside it.
     */
    public String literalPrefix() {
        int i = 0;
        while (i < name.length() && name.charAt(i) != '*' && name.charAt(i) != '?') i++;
        return wildcard ? name.substring(0, i) : name;
    }

    public String text() { return text; }

    @Override public String toString() { return text; }
}
