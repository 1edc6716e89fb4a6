package org.candor.ui.calltree;

import java.awt.Color;
import javax.swing.UIManager;
import org.candor.core.model.MethodInfo;
import org.candor.ui.model.snapshot.MethodNames;

/**
 * How a method is written in a cell: {@code Server$Handler.handle(String, int)} first, so that the interesting part
 * lines up with the tree, then the package, dimmed ({@link MethodNames}).
 */
final class MethodText {

    private MethodText() {}

    /** The short signature, then the package in a dimmed colour; HTML without the {@code <html>} tag. */
    static String html(MethodInfo m) {
        String pkg = MethodNames.packageName(m);
        String text = escape(MethodNames.shortSignature(m));
        return pkg.isEmpty() ? text : text + "&nbsp;&nbsp;<font color='" + hex(dimColor()) + "'>" + escape(pkg) + "</font>";
    }

    /** The full signature, e.g. for a tooltip. */
    static String tooltip(MethodInfo m) {
        return m.signature();
    }

    private static Color dimColor() {
        Color c = UIManager.getColor("Label.disabledForeground");
        return c != null ? c : Color.GRAY;
    }

    private static String hex(Color c) {
        return String.format("#%02x%02x%02x", c.getRed(), c.getGreen(), c.getBlue());
    }

    static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
