package org.candor.cli;

import java.nio.file.Path;
import java.util.List;
import org.candor.client.AgentFiles;
import org.candor.client.ClientException;
import org.candor.client.ProbeCalibration;
import org.candor.core.model.Snapshot;
import org.candor.core.report.CalibrationTable;

/**
 * {@code candor calibrate}: runs the trainer under the instrumentation agent, so that every calibration category
 * meets minimal calls, and leaves the minima in the calibration statistics file that later sessions read.
 */
final class CalibrateCommand implements Command {

    @Override public String name() { return "calibrate"; }

    @Override public String summary() { return "find the probes' own cost on this JVM and CPU (run once)"; }

    @Override public String usage() {
        return "usage: candor calibrate [--metric M] [--calstats FILE] [--java JAVA] [--rounds N] [--measure-every N]\n"
                + "                        [-- JVM-OPTIONS...]\n\n"
                + "Runs a trainer program that makes minimal calls of every kind (interpreted and compiled callers,\n"
                + "callees and owners; entries and exits) under the instrumentation agent, and keeps the smallest\n"
                + "gap seen between two probes of each kind: the probes' own residual cost, which every later\n"
                + "'candor profile' takes out of its times.\n\n"
                + "  --metric M        the metric the profiles measure (default wall; minima are per metric)\n"
                + "  --calstats FILE   where the minima go (default: this JVM's and CPU's file in\n"
                + "                    ~/.cache/candor/calibration/, which 'candor profile' reads by default)\n"
                + "  --java JAVA       calibrate for this java (default: the one running candor)\n"
                + "  --rounds N        trainer rounds (default 300000, about a second)\n"
                + "  --measure-every N for profiles run with --agent-option measureevery=N (the probes measure\n"
                + "                    their own time at one event in N; default 16; minima are per N)\n"
                + "  -- OPTIONS        JVM options the profiled programs use (-XX flags change the minima)\n";
    }

    @Override
    public int run(List<String> argList, Console console) throws Exception {
        Args args = new Args(name(), argList);
        String calstats = "auto";
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        int rounds = ProbeCalibration.DEFAULT_ROUNDS;
        String metric = "wall";
        int measureEvery = 0;
        while (args.hasNext()) {
            String a = args.next();
            switch (a) {
                case "--calstats": calstats = args.value(a); break;
                case "--java": java = args.value(a); break;
                case "--rounds": rounds = args.intValue(a, 1000); break;
                case "--metric": metric = args.value(a); break;
                case "--measure-every": measureEvery = args.intValue(a, 1); break;  // the agent's parser judges the rest
                default:
                    if (Args.isOption(a)) throw args.unknown(a);
                    throw new UsageException("calibrate: unexpected '" + a + "'; JVM options go after '--'");
            }
        }
        try {
            Snapshot s = new ProbeCalibration(AgentFiles.locate()).java(java).calstats(calstats).metric(metric)
                    .rounds(rounds).measureEvery(measureEvery).jvmOptions(args.rest()).run();
            console.out.print(CalibrationTable.format(s));
            console.out.flush();
            String file = s.info().get("calibration.file");
            console.note("calibration minima written to " + (file != null ? file : calstats));
            return 0;
        } catch (ClientException e) {
            if (e.getMessage().startsWith("the trainer failed")) {
                console.error(e.getMessage());
                return 1;
            }
            throw new UsageException(e.getMessage());
        }
    }
}
