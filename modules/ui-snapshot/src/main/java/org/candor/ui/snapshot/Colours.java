package org.candor.ui.snapshot;

import java.awt.Color;
import javax.swing.UIManager;

/** The colours the windows give meaning to, from the look and feel where it has them (FlatLaf light and dark). */
public final class Colours {

    private Colours() {}

    /** Text that warns: a loss, a problem, something unavailable. */
    public static Color error() {
        Color c = UIManager.getColor("Component.error.focusedBorderColor");
        return c != null ? c : new Color(0xC0, 0x20, 0x20);
    }
}
