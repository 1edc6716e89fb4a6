package org.candor.ui.snapshot;

import java.awt.event.ActionEvent;
import java.nio.file.Path;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.swing.AbstractAction;
import javax.swing.JMenu;
import javax.swing.JMenuItem;
import javax.swing.event.MenuEvent;
import javax.swing.event.MenuListener;
import org.candor.ui.model.snapshot.RecentFiles;
import org.openide.awt.ActionID;
import org.openide.awt.ActionReference;
import org.openide.awt.ActionRegistration;
import org.openide.awt.Mnemonics;
import org.openide.awt.StatusDisplayer;
import org.openide.util.NbBundle.Messages;
import org.openide.util.actions.Presenter;

/**
 * File &gt; Open Recent Snapshot: the last {@value RecentFiles#MAX} snapshots opened or saved, newest first, read
 * afresh each time the menu opens; files that no longer exist are taken off with one line in the status bar.
 */
@ActionID(category = "File", id = "org.candor.ui.snapshot.OpenRecentSnapshotAction")
@ActionRegistration(displayName = "#CTL_OpenRecentSnapshotAction", lazy = false)
@ActionReference(path = "Menu/File", position = 150)
@Messages({
    "CTL_OpenRecentSnapshotAction=Open &Recent Snapshot",
    "MSG_NoRecentSnapshots=(none yet)",
})
public final class OpenRecentSnapshotAction extends AbstractAction implements Presenter.Menu {

    private static final Logger LOG = Logger.getLogger(OpenRecentSnapshotAction.class.getName());

    private final RecentSnapshots recent;

    public OpenRecentSnapshotAction() {
        this(RecentSnapshots.get());
    }

    OpenRecentSnapshotAction(RecentSnapshots recent) {
        super(Bundle.CTL_OpenRecentSnapshotAction());
        this.recent = recent;
    }

    @Override public void actionPerformed(ActionEvent e) {
        // a submenu: its items act
    }

    @Override public JMenuItem getMenuPresenter() {
        JMenu menu = new JMenu();
        menu.setName("openRecentSnapshot");
        Mnemonics.setLocalizedText(menu, Bundle.CTL_OpenRecentSnapshotAction());
        menu.addMenuListener(new MenuListener() {
            @Override public void menuSelected(MenuEvent e) { fill(menu); }
            @Override public void menuDeselected(MenuEvent e) {}
            @Override public void menuCanceled(MenuEvent e) {}
        });
        return menu;
    }

    /** The items, made as the menu opens: the list may have changed since, and files may have gone. */
    void fill(JMenu menu) {
        menu.removeAll();
        RecentFiles.Pruned pruned = recent.pruneMissing();
        String gone = pruned.message();
        if (gone != null) {
            LOG.log(Level.INFO, gone);
            StatusDisplayer.getDefault().setStatusText(gone, StatusDisplayer.IMPORTANCE_ANNOTATION);
        }
        List<Path> files = pruned.kept().paths();
        for (int i = 0; i < files.size(); i++) {
            Path file = files.get(i);
            // 1 to 9, then 0: a digit to pick each by keyboard (set apart: a name may hold an '&')
            char digit = (char) ('0' + (i + 1) % 10);
            JMenuItem item = new JMenuItem(digit + "  " + file.getFileName());
            item.setMnemonic(digit);
            item.setDisplayedMnemonicIndex(0);
            item.setName("recent" + i);
            item.setToolTipText(file.toString());
            item.addActionListener(e -> SnapshotOpener.open(file));
            menu.add(item);
        }
        if (files.isEmpty()) {
            JMenuItem none = new JMenuItem(Bundle.MSG_NoRecentSnapshots());
            none.setEnabled(false);
            menu.add(none);
        }
    }
}
