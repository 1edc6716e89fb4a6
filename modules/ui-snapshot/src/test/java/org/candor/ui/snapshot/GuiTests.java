package org.candor.ui.snapshot;

import static org.junit.jupiter.api.Assertions.fail;

import java.awt.Component;
import java.awt.GraphicsEnvironment;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.assertj.swing.image.ScreenshotTaker;
import org.junit.jupiter.api.Assumptions;

/** What GUI tests share (this module's and, through its test jar, the other UI modules'): the display check and screenshots. */
public final class GuiTests {

    private GuiTests() {}

    /**
     * Skips the calling test when there is no display, saying why; fails instead under CI, where GUI tests must run.
     * (The surefire java of this module starts a virtual display itself when xvfb-run is installed.)
     */
    public static void assumeDisplay() {
        if (!GraphicsEnvironment.isHeadless()) return;
        String why = "no X display: DISPLAY is not set and xvfb-run is not installed (apt-get install xvfb xauth)";
        if ("true".equals(System.getenv("CI"))) fail("GUI tests must run in CI, but there is " + why);
        System.out.println("Skipping GUI test: " + why);
        Assumptions.abort(why);
    }

    /** The application's look and feel (see the branding module), so that screenshots show what users see. */
    public static void useApplicationLookAndFeel() throws Exception {
        javax.swing.SwingUtilities.invokeAndWait(com.formdev.flatlaf.FlatLightLaf::setup);
    }

    /** Saves a PNG of the whole screen, popups and tooltips included, as target/screenshots/NAME.png. */
    public static Path screenshotOfScreen(String name) throws IOException {
        Path png = png(name);
        new ScreenshotTaker().saveDesktopAsPng(png.toString());
        return png;
    }

    private static Path png(String name) throws IOException {
        Path dir = Path.of(System.getProperty("candor.screenshots", "target/screenshots"));
        Files.createDirectories(dir);
        Path png = dir.resolve(name + ".png");
        Files.deleteIfExists(png);
        return png;
    }

    /** Saves a PNG of the component as target/screenshots/NAME.png and returns its path. */
    public static Path screenshot(Component c, String name) throws IOException {
        Path png = png(name);
        new ScreenshotTaker().saveComponentAsPng(c, png.toString());
        return png;
    }
}
