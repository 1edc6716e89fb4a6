package org.candor.ui.live;

import java.util.logging.Logger;
import javax.swing.ImageIcon;
import org.openide.awt.NotificationDisplayer;

/**
 * What went wrong, as a notification (the balloon and the list at the status bar's right) with one clear sentence:
 * the user may be looking at another window. Never a dialog that holds anything up; logged too.
 */
final class Notices {

    private static final Logger LOG = Logger.getLogger(Notices.class.getName());

    private Notices() {}

    static void failure(String title, String sentence) {
        LOG.info(title + ": " + sentence);
        NotificationDisplayer.getDefault().notify(title, new ImageIcon(new java.awt.image.BufferedImage(16, 16,
                java.awt.image.BufferedImage.TYPE_INT_ARGB)), sentence, null, NotificationDisplayer.Priority.HIGH,
                NotificationDisplayer.Category.ERROR);
    }
}
