package org.candor.ui.live;

import static org.assertj.swing.edt.GuiActionRunner.execute;
import static org.assertj.swing.timing.Pause.pause;
import static org.assertj.swing.timing.Timeout.timeout;

import java.awt.Component;
import java.awt.Dimension;
import java.util.function.Supplier;
import javax.swing.JFrame;
import org.assertj.swing.core.BasicRobot;
import org.assertj.swing.fixture.FrameFixture;
import org.assertj.swing.timing.Condition;

/** A component of the live windows shown alone in a frame, as the GUI tests drive it. */
final class InFrame {

    private InFrame() {}

    /** Shows the component in a frame at (100, 100): no window manager under Xvfb, a frame at 0,0 moves. */
    static FrameFixture show(String title, Component content, Dimension size) {
        FrameFixture window = new FrameFixture(BasicRobot.robotWithNewAwtHierarchy(), execute(() -> {
            JFrame f = new JFrame(title);
            f.add(content);
            f.setLocation(100, 100);
            return f;
        }));
        window.show(size);
        return window;
    }

    static void waitFor(String what, Supplier<Boolean> condition) {
        pause(new Condition(what) {
            @Override public boolean test() { return condition.get(); }
        }, timeout(30_000));
    }
}
