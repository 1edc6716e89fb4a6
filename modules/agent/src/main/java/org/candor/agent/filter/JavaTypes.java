package org.candor.agent.filter;

import java.util.ArrayList;
import java.util.List;

/** Parameter types of a JVM descriptor as Java writes them: {@code (Ljava/lang/String;[I)V} gives String, int[]. */
final class JavaTypes {

    private JavaTypes() {}

    static List<String> parameterTypes(String descriptor) {
        List<String> out = new ArrayList<>();
        int i = 1;
        while (i < descriptor.length() && descriptor.charAt(i) != ')') {
            int dims = 0;
            while (descriptor.charAt(i) == '[') { dims++; i++; }
            String type;
            char c = descriptor.charAt(i);
            if (c == 'L') {
                int end = descriptor.indexOf(';', i);
                type = descriptor.substring(i + 1, end).replace('/', '.');
                i = end + 1;
            } else {
                type = primitive(c);
                i++;
            }
            StringBuilder t = new StringBuilder(type);
            for (int d = 0; d < dims; d++) t.append("[]");
            out.add(t.toString());
        }
        return out;
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
            default: throw new IllegalArgumentException("bad descriptor character '" + c + "'");
        }
    }
}
