package org.candor.app.inside;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.swing.edt.GuiActionRunner.execute;

import java.awt.Color;
import javax.swing.JComponent;
import javax.swing.UIManager;
import org.netbeans.junit.NbTestCase;
import org.openide.util.NbPreferences;
import org.openide.windows.TopComponent;
import org.openide.windows.WindowManager;

/**
 * View &gt; Dark Theme in the assembled app: the look switches at once, the windows already open redraw dark, the
 * choice is kept for the next start (the platform's laf preference), and switching back gives the light look again.
 * Screenshots: target/screenshots/inside-dark-theme-NN-*.png.
 */
public class DarkTheme extends NbTestCase {

    public DarkTheme(String name) {
        super(name);
    }

    @Override
    protected int timeOut() {
        return 5 * 60_000;
    }

    public void testDarkThemeSwitchesAtOnceAndIsKept() throws Exception {
        AppGui gui = new AppGui("inside-dark-theme");
        try {
            TopComponent jvms = gui.window("the JVMs window", tc -> tc.getName() != null && tc.getName().startsWith("Running JVMs"));
            assertThat(execute(() -> UIManager.getLookAndFeel().getClass().getSimpleName())).isEqualTo("FlatLightLaf");
            float lightness = execute(() -> brightness(jvms.getBackground()));
            gui.shot("light");

            gui.menu("View", "Dark Theme");
            Await.until("the dark look", Await.STEP,
                    () -> execute(() -> UIManager.getLookAndFeel().getClass().getSimpleName()).equals("FlatDarkLaf"),
                    () -> execute(() -> UIManager.getLookAndFeel().getClass().getName()));
            Await.until("the open window redrawn dark", Await.STEP,
                    () -> execute(() -> brightness(((JComponent) jvms).getBackground())) < lightness - 0.3f,
                    () -> "brightness " + execute(() -> brightness(jvms.getBackground())));
            assertThat(NbPreferences.root().node("laf").get("laf", "")).as("kept for the next start")
                    .isEqualTo("com.formdev.flatlaf.FlatDarkLaf");
            gui.shot("dark");

            gui.menu("View", "Dark Theme");
            Await.until("the light look again", Await.STEP,
                    () -> execute(() -> UIManager.getLookAndFeel().getClass().getSimpleName()).equals("FlatLightLaf"),
                    () -> execute(() -> UIManager.getLookAndFeel().getClass().getName()));
            assertThat(NbPreferences.root().node("laf").get("laf", "")).isEqualTo("com.formdev.flatlaf.FlatLightLaf");
            assertThat(execute(() -> WindowManager.getDefault().getMainWindow().isShowing())).isTrue();
            gui.shot("light-again");
        } catch (Throwable t) {
            gui.shot("FAILED");
            throw t;
        } finally {
            gui.cleanUp();
        }
    }

    private static float brightness(Color c) {
        return Color.RGBtoHSB(c.getRed(), c.getGreen(), c.getBlue(), null)[2];
    }
}
