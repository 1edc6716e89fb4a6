package org.candor.cli;

import java.util.List;
import java.util.Locale;
import org.candor.client.AgentFiles;
import org.candor.client.CounterProbe;

/** {@code candor counters}: which metrics this machine and user can read, at what cost per read, and why not the rest. */
final class CountersCommand implements Command {

    @Override public String name() { return "counters"; }

    @Override public String summary() { return "list the metrics this machine can measure calls by (--metric)"; }

    @Override public String usage() {
        return "usage: candor counters\n\n"
                + "Lists every metric 'candor profile --metric NAME' knows, tried for real on this machine as this user\n"
                + "(libcandor.so in a small JVM): available, with the cost of one read as the probes pay it (through\n"
                + "JNI, twice per instrumented call, measured over 100,000 reads), or the reason it cannot be read.\n"
                + "Hardware counters need a PMU (most virtual machines have none); context-switches are counted in\n"
                + "the kernel, which kernel.perf_event_paranoid=2 hides from users without CAP_PERFMON.\n";
    }

    @Override
    public int run(List<String> argList, Console console) throws Exception {
        Args args = new Args(name(), argList);
        if (args.hasNext()) {
            String a = args.next();
            throw Args.isOption(a) ? args.unknown(a) : new UsageException("counters: unexpected '" + a + "'");
        }
        List<CounterProbe.MetricStatus> metrics = new CounterProbe(AgentFiles.locate()).list();
        console.out.print(table(metrics));
        return 0;
    }

    static String table(List<CounterProbe.MetricStatus> metrics) {
        int nameWidth = "metric".length();
        for (CounterProbe.MetricStatus m : metrics) nameWidth = Math.max(nameWidth, m.name().length());
        StringBuilder s = new StringBuilder();
        row(s, nameWidth, "metric", "unit", "ns/read", "read by / why not");
        for (CounterProbe.MetricStatus m : metrics) {
            String cost = m.nanosPerRead() == null ? "-" : String.format(Locale.ROOT, "%.0f", m.nanosPerRead());
            row(s, nameWidth, m.name(), m.unit(), m.available() ? cost : "-",
                    m.available() ? m.readBy() : "unavailable: " + m.reason());
        }
        return s.toString();
    }

    private static void row(StringBuilder s, int nameWidth, String name, String unit, String cost, String how) {
        s.append(String.format(Locale.ROOT, "%-" + nameWidth + "s  %-6s  %7s  %s%n", name, unit, cost, how));
    }
}
