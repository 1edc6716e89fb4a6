package org.candor.cli;

import java.util.List;
import java.util.Locale;
import org.candor.client.AgentFiles;
import org.candor.client.system.LibCandor;
import org.candor.client.system.MetricStatus;

/** {@code candor counters}: which metrics this machine and user can read, at what cost per read, and why not the rest. */
final class CountersCommand implements Command {

    @Override public String name() { return "counters"; }

    @Override public String summary() { return "list the metrics this machine can measure calls by (--metric)"; }

    @Override public String usage() {
        return "usage: candor counters\n\n"
                + "Lists every metric 'candor profile --metric NAME' knows, tried for real on this machine as this user\n"
                + "(libcandor.so asked in this process): available, with the cost of one read in libcandor.so (the best\n"
                + "of three rounds of 100,000 reads; a probe reads twice per instrumented call and adds a JNI call of\n"
                + "about 10 to 20 ns to each), or the reason it cannot be read.\n"
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
        console.out.print(table(LibCandor.of(AgentFiles.locate()).measuredMetrics()));
        return 0;
    }

    static String table(List<MetricStatus> metrics) {
        int nameWidth = "metric".length();
        for (MetricStatus m : metrics) nameWidth = Math.max(nameWidth, m.name().length());
        StringBuilder s = new StringBuilder();
        row(s, nameWidth, "metric", "unit", "ns/read", "read by / why not");
        for (MetricStatus m : metrics) {
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
