package org.candor.app;

import java.awt.Rectangle;
import java.awt.Robot;
import java.awt.Toolkit;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;

/**
 * Screenshots of the whole screen, as the user sees it (every window of the app, dialogs and menus included), into
 * target/screenshots: for the tests that start the app through its launcher and for those inside it.
 */
public final class Screenshots {

    /** Where the tests' screenshots go (target/screenshots of the application module). */
    public static final Path DIR = Path.of(System.getProperty("candor.screenshots", "target/screenshots"));

    private Screenshots() {}

    /** Saves the whole screen as {@code DIR/name.png} and returns the file. */
    public static Path take(String name) throws Exception {
        Path png = DIR.resolve(name + ".png");
        save(png);
        return png;
    }

    /** Saves the whole screen as a PNG: with ImageMagick's import where installed, else with AWT's robot. */
    public static void save(Path png) throws Exception {
        Files.createDirectories(png.getParent());
        Files.deleteIfExists(png);
        try {
            Process p = new ProcessBuilder("import", "-window", "root", png.toString()).inheritIO().start();
            if (p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0) return;
            p.destroyForcibly();
        } catch (IOException noImageMagick) {
            // fall through to the robot
        }
        Rectangle screen = new Rectangle(Toolkit.getDefaultToolkit().getScreenSize());
        ImageIO.write(new Robot().createScreenCapture(screen), "png", png.toFile());
    }
}
