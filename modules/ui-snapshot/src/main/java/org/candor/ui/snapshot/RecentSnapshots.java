package org.candor.ui.snapshot;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.prefs.BackingStoreException;
import java.util.prefs.Preferences;
import org.candor.ui.model.snapshot.RecentFiles;
import org.openide.util.NbPreferences;

/**
 * The recent snapshots (ui-model's {@link RecentFiles}) kept in the application's preferences, one key a file:
 * {@code recent.0} is the newest. Any thread.
 */
final class RecentSnapshots {

    private static final Logger LOG = Logger.getLogger(RecentSnapshots.class.getName());
    private static final String KEY = "recent.";

    private final Preferences prefs;

    RecentSnapshots(Preferences prefs) {
        this.prefs = prefs;
    }

    /** The application's list. */
    static RecentSnapshots get() {
        return new RecentSnapshots(NbPreferences.forModule(RecentSnapshots.class));
    }

    synchronized RecentFiles load() {
        List<Path> paths = new ArrayList<>();
        for (int i = 0; i < RecentFiles.MAX; i++) {
            String p = prefs.get(KEY + i, null);
            if (p == null) break;
            try {
                paths.add(Path.of(p));
            } catch (InvalidPathException e) {
                // written by another system or edited by hand: not a file here
            }
        }
        return new RecentFiles(paths);
    }

    /** A snapshot was opened or saved: it comes first. */
    void opened(Path file) {
        update(load().with(file));
    }

    /** A snapshot that is gone. */
    void forget(Path file) {
        update(load().without(file));
    }

    /** Takes the files that no longer exist off the list; the returned {@link RecentFiles.Pruned#message} names them. */
    RecentFiles.Pruned pruneMissing() {
        RecentFiles.Pruned pruned = load().prune(Files::isRegularFile);
        if (!pruned.missing().isEmpty()) update(pruned.kept());
        return pruned;
    }

    private synchronized void update(RecentFiles files) {
        List<Path> paths = files.paths();
        for (int i = 0; i < RecentFiles.MAX; i++) {
            if (i < paths.size()) prefs.put(KEY + i, paths.get(i).toString()); else prefs.remove(KEY + i);
        }
        try {
            prefs.flush();
        } catch (BackingStoreException e) {
            LOG.log(Level.INFO, "Cannot keep the recent snapshots: {0}", e.getMessage());
        }
    }
}
