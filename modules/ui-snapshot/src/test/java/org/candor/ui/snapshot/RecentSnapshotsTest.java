package org.candor.ui.snapshot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.swing.edt.GuiActionRunner.execute;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.prefs.Preferences;
import javax.swing.JMenu;
import javax.swing.JMenuItem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * File &gt; Open Recent Snapshot: the list kept in the preferences, and the menu made from it as it opens (on the event
 * thread, as the app makes it).
 */
class RecentSnapshotsTest {

    @TempDir Path dir;
    private final Preferences prefs = MemoryPreferences.fresh();

    @Test
    void theListOutlivesTheWindowThatMadeItNewestFirst() throws Exception {
        Path a = snapshot("a"), b = snapshot("b");
        new RecentSnapshots(prefs).opened(a);
        new RecentSnapshots(prefs).opened(b);
        new RecentSnapshots(prefs).opened(a);

        assertThat(new RecentSnapshots(prefs).load().paths()).containsExactly(a, b);
        assertThat(prefs.get("recent.0", null)).isEqualTo(a.toString());
    }

    @Test
    void theMenuListsTheFilesNewestFirstAndTakesOffTheOnesThatAreGone() throws Exception {
        Path a = snapshot("a"), b = snapshot("b"), gone = snapshot("gone");
        RecentSnapshots recent = new RecentSnapshots(prefs);
        recent.opened(gone);
        recent.opened(b);
        recent.opened(a);
        Files.delete(gone);
        JMenu menu = execute(() -> new JMenu());

        execute(() -> { new OpenRecentSnapshotAction(recent).fill(menu); });

        assertThat(execute(menu::getItemCount)).isEqualTo(2);
        JMenuItem first = execute(() -> menu.getItem(0));
        assertThat(execute(first::getText)).isEqualTo("1  a.candor");
        assertThat(execute(() -> first.getToolTipText())).isEqualTo(a.toString());
        assertThat(execute(first::getMnemonic)).isEqualTo((int) '1');
        assertThat(execute(() -> menu.getItem(1).getText())).isEqualTo("2  b.candor");
        assertThat(recent.load().paths()).as("kept so").containsExactly(a, b);
    }

    @Test
    void anEmptyListSaysSo() {
        JMenu menu = execute(() -> new JMenu());
        execute(() -> { new OpenRecentSnapshotAction(new RecentSnapshots(prefs)).fill(menu); });
        assertThat(execute(menu::getItemCount)).isEqualTo(1);
        assertThat(execute(() -> menu.getItem(0).getText())).isEqualTo("(none yet)");
        assertThat(execute(() -> menu.getItem(0).isEnabled())).isFalse();
    }

    private Path snapshot(String name) throws Exception {
        return Files.writeString(dir.resolve(name + ".candor"), "x").toAbsolutePath().normalize();
    }
}
