package org.candor.ui.live.analyze;

import static org.assertj.swing.edt.GuiActionRunner.execute;

import java.util.regex.Pattern;
import javax.swing.JLabel;
import org.assertj.swing.fixture.DialogFixture;

/**
 * Picks a task in the Analyze Performance dialog as a user does, by a click on it, and waits until the form shows it.
 * A click the robot sends while the dialog that just opened is still being laid out can miss the list on a busy
 * machine (CI, 2026-11-27: the form stayed on Entire application): the task is clicked again until it shows.
 */
public final class TaskChoice {

    private TaskChoice() {}

    public static void choose(DialogFixture dialog, String title) {
        long deadline = System.nanoTime() + 15_000_000_000L;
        do {
            dialog.list("tasks").selectItem(Pattern.compile(".*<b>" + Pattern.quote(title) + "</b>.*"));
            for (int i = 0; i < 20; i++) {
                if (shown(dialog, title)) return;
                dialog.robot().waitForIdle();
                sleep();
            }
        } while (System.nanoTime() < deadline);
        throw new AssertionError("the dialog did not show the task " + title + " (it shows " + title(dialog) + ")");
    }

    private static boolean shown(DialogFixture dialog, String title) {
        return title.equals(title(dialog));
    }

    private static String title(DialogFixture dialog) {
        return execute(() -> ((JLabel) dialog.robot().finder().findByName(dialog.target(), "taskTitle", false)).getText());
    }

    private static void sleep() {
        try {
            Thread.sleep(50);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }
}
