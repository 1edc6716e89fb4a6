package org.candor.app;

import java.awt.Robot;
import java.awt.event.InputEvent;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** The assembled application started through its launcher, with its own userdir; closing it stops it. */
final class RunningApp implements AutoCloseable {

    /** The assembled application the build made (target/candor), and where the tests' screenshots go. */
    static final Path APP = Path.of(System.getProperty("candor.app", "target/candor"));
    static final Path SCREENSHOTS = Screenshots.DIR;

    private final Process process;
    private final Path userdir;
    private final Path output;

    private RunningApp(Process process, Path userdir, Path output) {
        this.process = process;
        this.userdir = userdir;
        this.output = output;
    }

    /** Starts {@code app}/bin/candor on the given JDK with {@code --nosplash --userdir userdir} and the arguments. */
    static RunningApp start(Path app, Path jdk, Path userdir, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(app.resolve("bin/candor").toString(),
                "--jdkhome", jdk.toString(), "--nosplash", "--userdir", userdir.toString()));
        command.addAll(List.of(args));
        Path output = userdir.resolveSibling(userdir.getFileName() + ".out");
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile());
        builder.environment().remove("CANDOR_AGENT_DIR"); // the installed app finds its own files
        Process p = builder.start();
        return new RunningApp(p, userdir, output);
    }

    Path messagesLog() { return userdir.resolve("var/log/messages.log"); }

    /** Waits until messages.log has a line containing {@code text}; fails when the application exits or time is up. */
    void awaitLog(String text, Duration limit) throws Exception {
        long end = System.nanoTime() + limit.toNanos();
        while (System.nanoTime() < end) {
            if (log().contains(text)) return;
            if (!process.isAlive()) throw new AssertionError("the application exited (" + process.exitValue()
                    + ") before logging \"" + text + "\"; its output:\n" + output());
            Thread.sleep(200);
        }
        throw new AssertionError("no \"" + text + "\" in messages.log after " + limit + "; the log:\n" + log());
    }

    /** The application's JVM: the launcher script's descendant that runs java. */
    ProcessHandle jvm(Duration limit) throws InterruptedException {
        long end = System.nanoTime() + limit.toNanos();
        while (System.nanoTime() < end) {
            java.util.Optional<ProcessHandle> jvm = process.descendants()
                    .filter(h -> h.info().command().map(c -> c.endsWith("/java")).orElse(false)).findFirst();
            if (jvm.isPresent()) return jvm.get();
            Thread.sleep(200);
        }
        throw new AssertionError("the launcher started no java in " + limit);
    }

    String log() throws IOException {
        return Files.exists(messagesLog()) ? Files.readString(messagesLog(), StandardCharsets.UTF_8) : "";
    }

    /** What the launcher and the JVM printed (stdout and stderr). */
    String output() throws IOException {
        return Files.exists(output) ? Files.readString(output, StandardCharsets.UTF_8) : "";
    }

    /** Waits for the snapshot's window and clicks into its tree: with no window manager, the pointer gives focus. */
    Robot focusedOnSnapshot(Path snapshot) throws Exception {
        awaitLog("Opened snapshot " + snapshot, Duration.ofSeconds(120));
        Thread.sleep(2000);
        Robot robot = new Robot();
        robot.setAutoDelay(40);
        robot.mouseMove(800, 400);
        robot.mousePress(InputEvent.BUTTON1_DOWN_MASK);
        robot.mouseRelease(InputEvent.BUTTON1_DOWN_MASK);
        Thread.sleep(500);
        return robot;
    }

    /** Presses the keys together, as a shortcut: {@code press(robot, VK_CONTROL, VK_S)}. */
    static void press(Robot robot, int... keys) {
        for (int k : keys) robot.keyPress(k);
        for (int i = keys.length - 1; i >= 0; i--) robot.keyRelease(keys[i]);
    }

    /** Saves the whole screen as a PNG (see {@link Screenshots}). */
    static void screenshot(Path png) throws Exception {
        Screenshots.save(png);
    }

    /** Ends the application: TERM to the JVM and the launcher (a JVM shuts down cleanly on it), KILL if it lingers. */
    @Override
    public void close() {
        List<ProcessHandle> all = new ArrayList<>();
        process.descendants().forEach(all::add);
        all.add(process.toHandle());
        all.forEach(ProcessHandle::destroy);
        for (ProcessHandle h : all) {
            try {
                h.onExit().get(20, TimeUnit.SECONDS);
            } catch (TimeoutException | ExecutionException e) {
                h.destroyForcibly();
            } catch (InterruptedException e) {
                h.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
    }
}
