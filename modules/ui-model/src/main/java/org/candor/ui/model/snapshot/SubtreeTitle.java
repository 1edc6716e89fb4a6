package org.candor.ui.model.snapshot;

import java.util.ArrayList;
import java.util.List;
import org.candor.core.model.MethodTable;

/**
 * How a call tree names the subtree it shows alone (Focus on Subtree): the call path down to its root, the first
 * call and the last few with the depth between them left out, so that a path hundreds of calls deep fits one line.
 */
public final class SubtreeTitle {

    /** Calls named at the end of a long path. */
    static final int LAST = 3;
    private static final String SEPARATOR = " \u203a ";

    private SubtreeTitle() {}

    /** {@code Subtree of Main.main(String[]) › … 212 calls … › A.b() › C.d() › E.f()  (depth 216)}. */
    public static String of(CallTreeRow row, MethodTable methods) {
        List<String> names = path(row, methods);
        List<String> shown = new ArrayList<>();
        if (names.size() <= LAST + 2) {
            shown.addAll(names);
        } else {
            shown.add(names.get(0));
            shown.add("\u2026 " + (names.size() - 1 - LAST) + " calls \u2026");
            shown.addAll(names.subList(names.size() - LAST, names.size()));
        }
        return "Subtree of " + String.join(SEPARATOR, shown) + "  (depth " + names.size() + ")";
    }

    /** Every call of the path, one a line: what hovering over the title shows. */
    public static List<String> path(CallTreeRow row, MethodTable methods) {
        List<String> names = new ArrayList<>();
        for (CallTreeRow r : row.path()) if (!r.isRoot()) names.add(MethodNames.shortSignature(methods.get(r.methodId())));
        return names;
    }
}
