package org.candor.ui.snapshot;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.EventQueue;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import javax.swing.Icon;
import org.openide.awt.NotificationDisplayer;
import org.openide.util.ImageUtilities;

/**
 * How the app tells of a file it cannot read or write: a notification (the balloon at the status bar, kept in the
 * notifications list) with one sentence naming the file and what is wrong. Never a modal dialog, never a stack
 * trace; whatever was open stays open.
 */
public final class Problems {

    private static final Icon ICON = ImageUtilities.image2Icon(icon());

    private Problems() {}

    /** @param title a few words ("Cannot open run.candor"); @param sentence the one sentence. Any thread. */
    public static void notify(String title, String sentence) {
        EventQueue.invokeLater(() -> NotificationDisplayer.getDefault().notify(title, ICON, sentence, null,
                NotificationDisplayer.Priority.HIGH, NotificationDisplayer.Category.ERROR));
    }

    /** A red disc with a white bar: drawn here, so that it needs no other module's images. */
    private static BufferedImage icon() {
        BufferedImage image = new BufferedImage(16, 16, BufferedImage.TYPE_INT_ARGB);
        Graphics2D g = image.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setColor(new Color(0xD0, 0x30, 0x30));
            g.fillOval(1, 1, 14, 14);
            g.setColor(Color.WHITE);
            g.setStroke(new BasicStroke(2f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
            g.drawLine(8, 4, 8, 9);
            g.fillOval(7, 11, 2, 2);
        } finally {
            g.dispose();
        }
        return image;
    }
}
