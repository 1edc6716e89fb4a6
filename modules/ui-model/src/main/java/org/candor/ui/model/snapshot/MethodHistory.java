package org.candor.ui.model.snapshot;

import java.util.ArrayList;
import java.util.List;

/**
 * The methods a view showed one after another (back traces of one method, then of its caller...), to go back and
 * forward through as in a browser. Going somewhere new from the middle drops what lay ahead; the oldest go past
 * {@link #MAX}.
 */
public final class MethodHistory {

    static final int MAX = 50;

    private final List<Integer> methods = new ArrayList<>();
    private int at = -1;

    /** The view now shows {@code methodId}; the same method again changes nothing. */
    public void visit(int methodId) {
        if (at >= 0 && methods.get(at) == methodId) return;
        methods.subList(at + 1, methods.size()).clear();
        methods.add(methodId);
        if (methods.size() > MAX) methods.remove(0);
        at = methods.size() - 1;
    }

    public boolean canGoBack() { return at > 0; }

    public boolean canGoForward() { return at >= 0 && at < methods.size() - 1; }

    /** The method before the one shown; call only when {@link #canGoBack}. */
    public int back() {
        if (!canGoBack()) throw new IllegalStateException("nothing before");
        return methods.get(--at);
    }

    /** The method after the one shown; call only when {@link #canGoForward}. */
    public int forward() {
        if (!canGoForward()) throw new IllegalStateException("nothing after");
        return methods.get(++at);
    }
}
