package org.candor.core.model;

/** Turns JVM descriptors into the Java-like text people read. */
public final class Descriptors {

    private Descriptors() {}

    /** {@code (Ljava/lang/String;[I)V} becomes {@code (String, int[])}; a malformed descriptor is returned as is. */
    public static String javaParameters(String descriptor) {
        if (descriptor.isEmpty() || descriptor.charAt(0) != '(') return descriptor;
        StringBuilder out = new StringBuilder("(");
        int i = 1;
        boolean first = true;
        while (i < descriptor.length() && descriptor.charAt(i) != ')') {
            int dims = 0;
            while (descriptor.charAt(i) == '[') { dims++; i++; }
            String type;
            char c = descriptor.charAt(i);
            if (c == 'L') {
                int end = descriptor.indexOf(';', i);
                if (end < 0) return descriptor;
                String internal = descriptor.substring(i + 1, end);
                type = internal.substring(internal.lastIndexOf('/') + 1);
                i = end + 1;
            } else {
                type = primitive(c);
                if (type == null) return descriptor;
                i++;
            }
            if (!first) out.append(", ");
            out.append(type);
            for (int d = 0; d < dims; d++) out.append("[]");
            first = false;
        }
        return out.append(')').toString();
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
            case 'V': return "void";
            default: return null;
        }
    }
}
