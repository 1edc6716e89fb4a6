package org.candor.ui.snapshot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.swing.edt.GuiActionRunner.execute;
import static org.assertj.swing.timing.Pause.pause;
import static org.assertj.swing.timing.Timeout.timeout;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.BooleanSupplier;
import org.assertj.swing.timing.Condition;
import org.candor.core.snapshot.SnapshotWriter;
import org.candor.ui.model.snapshot.TestSnapshots;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openide.awt.NotificationDisplayer;
import org.openide.windows.TopComponent;
import org.openide.windows.WindowManager;

/**
 * Opening a file as File &gt; Open Snapshot, --open and Open Recent Snapshot do ({@link SnapshotOpener}): a snapshot opens
 * in its window and becomes the newest recent snapshot; a corrupt or missing file is one notification, one sentence
 * naming the file and what is wrong, and opens nothing.
 */
class OpenSnapshotTest {

    @TempDir Path dir;

    @BeforeAll
    static void needsDisplay() throws Exception {
        GuiTests.assumeDisplay();
    }

    @BeforeEach
    @AfterEach
    void nothingOpenNothingShown() {
        RecordedNotifications.SHOWN.clear();
        execute(() -> {
            for (TopComponent tc : WindowManager.getDefault().getRegistry().getOpened()) tc.close();
        });
    }

    @Test
    void aSnapshotOpensInItsWindowAndIsTheNewestRecentSnapshot() throws Exception {
        Path file = dir.resolve("shop.candor").toAbsolutePath();
        SnapshotWriter.write(TestSnapshots.shop(), file);

        SnapshotOpener.open(file);

        waitFor("its window", () -> execute(() -> SnapshotTopComponent.findOpen(file) != null));
        assertThat(RecentSnapshots.get().load().paths()).first().isEqualTo(file);
        assertThat(RecordedNotifications.SHOWN).isEmpty();
    }

    @Test
    void aCorruptSnapshotIsOneNotificationNamingTheFileAndWhatIsWrong() throws Exception {
        Path good = dir.resolve("good.candor").toAbsolutePath();
        SnapshotWriter.write(TestSnapshots.shop(), good);
        byte[] bytes = Files.readAllBytes(good);
        bytes[bytes.length / 2] ^= 0x5A;  // one byte changed in the middle: the checksum no longer holds
        Path bad = Files.write(dir.resolve("corrupt.candor").toAbsolutePath(), bytes);

        SnapshotOpener.open(bad);

        waitFor("a notification", () -> !RecordedNotifications.SHOWN.isEmpty());
        RecordedNotifications.Shown shown = RecordedNotifications.SHOWN.get(0);
        assertThat(shown.title()).isEqualTo("Cannot open corrupt.candor");
        assertThat(shown.details()).startsWith("Snapshot " + bad).doesNotContain("\n").doesNotContain("Exception")
                .doesNotContain("\tat ");
        assertThat(shown.category()).isEqualTo(NotificationDisplayer.Category.ERROR);
        System.out.println("A corrupt snapshot: " + shown.details());
        Thread.sleep(500);
        assertThat(RecordedNotifications.SHOWN).as("one notification").hasSize(1);
        assertThat(execute(() -> SnapshotTopComponent.findOpen(bad))).as("no window").isNull();
    }

    @Test
    void aMissingSnapshotIsOneNotificationAndLeavesTheRecentList() throws Exception {
        Path gone = dir.resolve("gone.candor").toAbsolutePath();
        SnapshotWriter.write(TestSnapshots.shop(), gone);
        RecentSnapshots.get().opened(gone);
        Files.delete(gone);

        SnapshotOpener.open(gone);

        waitFor("a notification", () -> !RecordedNotifications.SHOWN.isEmpty());
        assertThat(RecordedNotifications.SHOWN.get(0).details()).isEqualTo("Cannot open " + gone + ": there is no such file.");
        assertThat(RecentSnapshots.get().load().paths()).doesNotContain(gone);
    }

    private static void waitFor(String what, BooleanSupplier condition) {
        pause(new Condition(what) {
            @Override public boolean test() { return condition.getAsBoolean(); }
        }, timeout(20_000));
    }
}
