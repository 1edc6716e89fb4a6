package org.candor.core.analysis;

import java.util.ArrayList;
import java.util.List;
import org.candor.core.model.ThreadProfile;
import org.candor.core.snapshot.ThreadTree;

/** Selects threads by name: an exact name, or a glob where {@code *} stands for any run of characters. */
public final class ThreadFilter {

    private static final ThreadFilter ALL = new ThreadFilter(null);

    private final String pattern;

    private ThreadFilter(String pattern) {
        this.pattern = pattern;
    }

    public static ThreadFilter all() { return ALL; }

    /** A filter for {@code pattern}; null selects all threads. */
    public static ThreadFilter of(String pattern) {
        return pattern == null ? ALL : new ThreadFilter(pattern);
    }

    public boolean isAll() { return pattern == null; }

    /** The pattern, or null for all threads. */
    public String pattern() { return pattern; }

    public boolean matches(String threadName) {
        return pattern == null || glob(pattern, threadName);
    }

    /** The matching threads, in their given order. */
    public List<ThreadProfile> select(List<ThreadProfile> threads) {
        List<ThreadProfile> selected = new ArrayList<>();
        for (ThreadProfile t : threads) if (matches(t.name())) selected.add(t);
        return selected;
    }

    /** The matching threads of a snapshot file, in file order. */
    public List<ThreadTree> selectTrees(List<ThreadTree> threads) {
        List<ThreadTree> selected = new ArrayList<>();
        for (ThreadTree t : threads) if (matches(t.name())) selected.add(t);
        return selected;
    }

    /** Greedy glob match: on a mismatch, let the last star take one more character and retry from there. */
    private static boolean glob(String pattern, String text) {
        int p = 0;
        int t = 0;
        int star = -1;
        int starText = 0;
        while (t < text.length()) {
            if (p < pattern.length() && pattern.charAt(p) == '*') {
                star = p++;
                starText = t;
            } else if (p < pattern.length() && pattern.charAt(p) == text.charAt(t)) {
                p++;
                t++;
            } else if (star >= 0) {
                p = star + 1;
                t = ++starText;
            } else {
                return false;
            }
        }
        while (p < pattern.length() && pattern.charAt(p) == '*') p++;
        return p == pattern.length();
    }

    @Override public String toString() { return pattern == null ? "all threads" : "threads matching " + pattern; }
}
