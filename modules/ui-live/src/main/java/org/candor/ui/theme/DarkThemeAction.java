package org.candor.ui.theme;

import com.formdev.flatlaf.FlatDarkLaf;
import com.formdev.flatlaf.FlatLaf;
import com.formdev.flatlaf.FlatLightLaf;
import java.awt.event.ActionEvent;
import java.util.logging.Logger;
import javax.swing.AbstractAction;
import javax.swing.JCheckBoxMenuItem;
import javax.swing.JMenuItem;
import javax.swing.UIManager;
import org.openide.awt.ActionID;
import org.openide.awt.ActionReference;
import org.openide.awt.ActionRegistration;
import org.openide.util.NbPreferences;
import org.openide.util.actions.Presenter;
import org.openide.windows.WindowManager;

/**
 * View &gt; Dark Theme: FlatLaf's dark or light look, switched at once (no restart) and kept for the next start
 * where the platform reads the user's look and feel ({@code laf} in the {@code laf} preferences node).
 */
@ActionID(category = "View", id = "org.candor.ui.theme.DarkThemeAction")
@ActionRegistration(displayName = "Dark Theme", lazy = false)
@ActionReference(path = "Menu/View", position = 50)
public final class DarkThemeAction extends AbstractAction implements Presenter.Menu {

    private static final Logger LOG = Logger.getLogger(DarkThemeAction.class.getName());

    public DarkThemeAction() {
        super("Dark Theme");
    }

    @Override
    public void actionPerformed(ActionEvent e) {
        switchTo(!FlatLaf.isLafDark());
    }

    /** The dark look (or the light one) everywhere now, and at the next start. Event thread. */
    public static void switchTo(boolean dark) {
        if (dark) FlatDarkLaf.setup();
        else FlatLightLaf.setup();
        NbPreferences.root().node("laf").put("laf", UIManager.getLookAndFeel().getClass().getName());
        FlatLaf.updateUI();
        WindowManager.getDefault().updateUI();
        LOG.info("Switched to the " + (dark ? "dark" : "light") + " theme");
    }

    @Override
    public JMenuItem getMenuPresenter() {
        JCheckBoxMenuItem item = new JCheckBoxMenuItem(this);
        item.setName("darkTheme");
        item.setSelected(FlatLaf.isLafDark());
        // the menu is built once: show the look in force each time it opens
        item.addHierarchyListener(e -> item.setSelected(FlatLaf.isLafDark()));
        return item;
    }
}
