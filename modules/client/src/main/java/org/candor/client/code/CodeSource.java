package org.candor.client.code;

import java.util.List;
import org.candor.client.ClientException;

/**
 * Where the root-method chooser finds classes and their methods: a running session's loaded classes, or the class
 * path of a program not yet profiled. Both answer in the same form ({@code name(SimpleTypes)} for methods), so the
 * chooser does not care which. Calls may block (sockets, files): off the event thread.
 */
public interface CodeSource {

    /** At most this many classes in one answer, a page: the chooser narrows by typing and asks for more pages. */
    int MAX_CLASSES = 200;

    /**
     * The classes whose name holds {@code text} (case ignored; all when empty), sorted, at most {@link #MAX_CLASSES}
     * from the {@code from}-th on (0: the first).
     */
    ClassList classes(String text, int from) throws ClientException;

    /** The first page of {@link #classes(String, int)}. */
    default ClassList classes(String text) throws ClientException {
        return classes(text, 0);
    }

    /** The methods the class declares, {@code name(SimpleParameterTypes)}, sorted; no constructors, synthetic or bridge methods. */
    List<String> methods(String className) throws ClientException;

    /** Where the classes come from, in words: "classes loaded in JVM 4242". */
    String description();

    /** Some of the classes that match (a page, from the {@code from}-th), and how many match in all. */
    record ClassList(int count, int from, List<String> shown) {
        public ClassList {
            shown = List.copyOf(shown);
        }

        /** Whether more match after this page. */
        public boolean more() { return from + shown.size() < count; }
    }
}
