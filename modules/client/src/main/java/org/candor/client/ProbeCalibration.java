package org.candor.client;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.candor.core.model.Snapshot;
import org.candor.core.snapshot.SnapshotReader;
import org.candor.trainer.Trainer;

/**
 * Finds the probes' own cost on a JVM and CPU: runs the trainer (minimal calls of every calibration category) under
 * the instrumentation agent, which keeps the smallest gap of each category in the calibration statistics file that
 * later sessions read. What {@code candor calibrate} and the app's Calibrate Probes run.
 */
public final class ProbeCalibration {

    /** The trainer's methods that must stay interpreted: their categories are the interpreted callers and callees. */
    private static final String[] INTERPRETED = {
        "org.candor.trainer.Trainer$Interpreted::*", "org.candor.trainer.plain.LanguageOverhead$Interpreted::*",
    };
    public static final int DEFAULT_ROUNDS = 300_000;

    private final AgentFiles agent;
    private String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    private String calstats = "auto";
    private String metric = ProfileSettings.WALL;
    private int measureEvery;
    private int rounds = DEFAULT_ROUNDS;
    private List<String> jvmOptions = List.of();

    public ProbeCalibration(AgentFiles agent) {
        this.agent = agent;
    }

    public ProbeCalibration java(String javaBin) { this.java = javaBin; return this; }
    /** Where the minima go: {@code auto} (this JVM's and CPU's file, which sessions read by default) or a path. */
    public ProbeCalibration calstats(String file) { this.calstats = file; return this; }
    public ProbeCalibration metric(String m) { this.metric = m; return this; }

    /**
     * For profiles whose probes measure their own time at one event in {@code n} (agent option measureevery); 0,
     * the default, for the agent's default.
     */
    public ProbeCalibration measureEvery(int n) { this.measureEvery = n; return this; }
    public ProbeCalibration rounds(int n) { this.rounds = n; return this; }
    /** JVM options the profiled programs use (-XX flags change the minima). */
    public ProbeCalibration jvmOptions(List<String> options) { this.jvmOptions = List.copyOf(options); return this; }

    /**
     * Runs the trainer and gives its snapshot, whose {@code calibration.*} statistics are the minima found
     * ({@code core.report.CalibrationTable} prints them) and whose {@code calibration.file} names where they went.
     */
    public Snapshot run() throws ClientException, InterruptedException {
        Path snapshotFile;
        try {
            snapshotFile = Files.createTempFile("candor-calibrate", ".candor");
        } catch (java.io.IOException e) {
            throw new ClientException("cannot create a temporary file for the trainer's snapshot: " + e.getMessage());
        }
        try {
            ProfileSettings settings = new ProfileSettings().option("quiet").output(snapshotFile)
                    .include("org.candor.trainer.Trainer").calstats(calstats).option("calstatswrite=true").option("trainer")
                    .option("warmupcount=0").metric(metric);
            if (measureEvery > 0) settings.option("measureevery=" + measureEvery);
            List<String> command = new ArrayList<>();
            command.add(java);
            command.addAll(jvmOptions);
            command.add("-XX:CompileCommand=quiet");
            for (String methods : INTERPRETED) {
                command.add("-XX:CompileCommand=exclude," + methods);
                command.add("-XX:CompileCommand=dontinline," + methods);
            }
            command.add("-cp");
            command.add(trainerClassPath());
            command.add(Trainer.class.getName());
            command.add(Integer.toString(rounds));
            int exit = new ProfileLaunch(agent, settings, JavaCommand.of(command)).run();
            if (exit != 0 || !Files.isRegularFile(snapshotFile) || sizeOf(snapshotFile) == 0) {
                throw new ClientException("the trainer failed (exit code " + exit + "); no calibration was written");
            }
            try {
                return SnapshotReader.read(snapshotFile);
            } catch (java.io.IOException | RuntimeException e) {
                throw new ClientException("cannot read the trainer's snapshot: " + e.getMessage());
            }
        } finally {
            try {
                Files.deleteIfExists(snapshotFile);
            } catch (java.io.IOException e) {
                // a temporary file left behind
            }
        }
    }

    private static long sizeOf(Path file) {
        try {
            return Files.size(file);
        } catch (java.io.IOException e) {
            return 0;
        }
    }

    private static String trainerClassPath() throws ClientException {
        try {
            return Path.of(Trainer.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (java.net.URISyntaxException | RuntimeException e) {
            throw new ClientException("cannot find the trainer's jar: " + e.getMessage());
        }
    }
}
