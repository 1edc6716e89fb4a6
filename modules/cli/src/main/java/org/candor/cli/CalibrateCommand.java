package org.candor.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.candor.client.AgentFiles;
import org.candor.client.ClientException;
import org.candor.client.JavaCommand;
import org.candor.client.ProfileLaunch;
import org.candor.client.ProfileSettings;
import org.candor.core.model.Snapshot;
import org.candor.core.report.CalibrationTable;
import org.candor.core.snapshot.SnapshotReader;
import org.candor.trainer.Trainer;

/**
 * {@code candor calibrate}: runs the trainer under the instrumentation agent, so that every calibration category
 * meets minimal calls, and leaves the minima in the calibration statistics file that later sessions read.
 */
final class CalibrateCommand implements Command {

    private static final String[] INTERPRETED = {
        "org.candor.trainer.Trainer$Interpreted::*", "org.candor.trainer.plain.LanguageOverhead$Interpreted::*",
    };

    @Override public String name() { return "calibrate"; }

    @Override public String summary() { return "find the probes' own cost on this JVM and CPU (run once)"; }

    @Override public String usage() {
        return "usage: candor calibrate [--metric M] [--calstats FILE] [--java JAVA] [--rounds N] [-- JVM-OPTIONS...]\n\n"
                + "Runs a trainer program that makes minimal calls of every kind (interpreted and compiled callers,\n"
                + "callees and owners; entries and exits) under the instrumentation agent, and keeps the smallest\n"
                + "gap seen between two probes of each kind: the probes' own residual cost, which every later\n"
                + "'candor profile' takes out of its times.\n\n"
                + "  --metric M        the metric the profiles measure (default wall; minima are per metric)\n"
                + "  --calstats FILE   where the minima go (default: this JVM's and CPU's file in\n"
                + "                    ~/.cache/candor/calibration/, which 'candor profile' reads by default)\n"
                + "  --java JAVA       calibrate for this java (default: the one running candor)\n"
                + "  --rounds N        trainer rounds (default 300000, about a second)\n"
                + "  -- OPTIONS        JVM options the profiled programs use (-XX flags change the minima)\n";
    }

    @Override
    public int run(List<String> argList, Console console) throws Exception {
        Args args = new Args(name(), argList);
        String calstats = "auto";
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        int rounds = 300_000;
        String metric = "wall";
        while (args.hasNext()) {
            String a = args.next();
            switch (a) {
                case "--calstats": calstats = args.value(a); break;
                case "--java": java = args.value(a); break;
                case "--rounds": rounds = args.intValue(a, 1000); break;
                case "--metric": metric = args.value(a); break;
                default:
                    if (Args.isOption(a)) throw args.unknown(a);
                    throw new UsageException("calibrate: unexpected '" + a + "'; JVM options go after '--'");
            }
        }
        Path snapshotFile = Files.createTempFile("candor-calibrate", ".candor");
        try {
            ProfileSettings settings = new ProfileSettings().option("quiet").output(snapshotFile)
                    .include("org.candor.trainer.Trainer").calstats(calstats).option("calstatswrite=true").option("trainer")
                    .option("warmupcount=0").metric(metric);
            List<String> command = new ArrayList<>();
            command.add(java);
            command.addAll(args.rest());
            command.add("-XX:CompileCommand=quiet");
            for (String methods : INTERPRETED) {
                command.add("-XX:CompileCommand=exclude," + methods);
                command.add("-XX:CompileCommand=dontinline," + methods);
            }
            command.add("-cp");
            command.add(trainerClassPath());
            command.add(Trainer.class.getName());
            command.add(Integer.toString(rounds));
            int exit = new ProfileLaunch(AgentFiles.locate(), settings, JavaCommand.of(command)).run();
            if (exit != 0 || !Files.isRegularFile(snapshotFile)) {
                console.error("the trainer failed (exit code " + exit + "); no calibration was written");
                return exit != 0 ? exit : 1;
            }
            Snapshot s = SnapshotReader.read(snapshotFile);
            console.out.print(CalibrationTable.format(s));
            console.out.flush();
            String file = s.info().get("calibration.file");
            console.note("calibration minima written to " + (file != null ? file : calstats));
            return 0;
        } catch (ClientException e) {
            throw new UsageException(e.getMessage());
        } finally {
            Files.deleteIfExists(snapshotFile);
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
