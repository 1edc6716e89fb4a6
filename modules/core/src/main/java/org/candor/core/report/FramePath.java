package org.candor.core.report;

import java.util.Arrays;

/**
 * The frames of the node a tree walk is at, joined by {@code ;} in one buffer: entering a node appends its frame,
 * leaving cuts it off again, so no path is ever rebuilt from the root.
 */
final class FramePath {

    private final StringBuilder path;
    private int[] lengthBefore = new int[64];

    FramePath(String prefix) {
        path = new StringBuilder(prefix);
    }

    /** @param depth 1 for the outermost call */
    void enter(int depth, String frame) {
        if (depth >= lengthBefore.length) lengthBefore = Arrays.copyOf(lengthBefore, Math.max(depth + 1, depth * 2));
        lengthBefore[depth] = path.length();
        if (path.length() > 0) path.append(';');
        path.append(frame);
    }

    void exit(int depth) {
        path.setLength(lengthBefore[depth]);
    }

    CharSequence text() { return path; }
}
