package org.candor.core.model;

import java.util.ArrayList;
import java.util.List;

/** Turns JVM descriptors into the Java-like text people read. */
public final class Descriptors {

    private Descriptors() {}

    /** {@code (Ljava/lang/String;[I)V} becomes {@code (String, int[])}; a malformed descriptor is returned as is. */
    public static String javaParameters(String descriptor) {
        List<String> types = parameterTypes(descriptor);
        if (types == null) return descriptor;
        StringBuilder out = new StringBuilder("(");
        for (int i = 0; i < types.size(); i++) {
            if (i > 0) out.append(", ");
            String t = types.get(i);
            out.append(t.substring(t.lastIndexOf('.') + 1));
        }
        return out.append(')').toString();
    }

    /**
     * {@code (Ljava/lang/String;[I)V} gives {@code [java.lang.String, int[]]}: qualified Java names with dots
     * ({@code $} kept for nested classes). Null when the descriptor is malformed.
     */
    public static List<String> parameterTypes(String descriptor) {
        if (descriptor.isEmpty() || descriptor.charAt(0) != '(') return null;
        List<String> out = new ArrayList<>();
        int i = 1;
        while (i < descriptor.length() && descriptor.charAt(i) != ')') {
            int dims = 0;
            while (i < descriptor.length() && descriptor.charAt(i) == '[') { dims++; i++; }
            if (i >= descriptor.length()) return null;
            String type;
            char c = descriptor.charAt(i);
            if (c == 'L') {
                int end = descriptor.indexOf(';', i);
                if (end < 0) return null;
                type = descriptor.substring(i + 1, end).replace('/', '.');
                i = end + 1;
            } else {
                type = primitive(c);
                if (type == null) return null;
                i++;
            }
            StringBuilder t = new StringBuilder(type);
            for (int d = 0; d < dims; d++) t.append("[]");
            out.add(t.toString());
        }
        return i < descriptor.length() ? out : null;
    }

    private static String primitive(char c) {
        switch (c) {
            case 'Z': return "boolean";
            case 'B': return "byte";
            case 'C': return "char";
            case 'S': return "short";
            case 'I': return "int";
            case 'J': return "long";
            case 'F': return "float";
            case 'D': return "double";
            default: return null;
        }
    }
}
