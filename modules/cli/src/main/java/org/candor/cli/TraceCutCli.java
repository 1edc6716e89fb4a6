package org.candor.cli;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.candor.client.ClientException;
import org.candor.client.Durations;
import org.candor.core.trace.TraceCut;
import org.candor.core.trace.TraceDirectory;
import org.candor.core.trace.TraceMeta;
import org.candor.core.trace.TraceRange;
import org.candor.core.trace.TraceSource;

/**
 * {@code candor trace cut}: the call tree of a range of a traced run (a time span, threads, a phase) as a sampled
 * snapshot, which {@code candor report} and the app open like any other. The cut is core's {@link TraceCut}.
 */
final class TraceCutCli {

    static final String USAGE = "       candor trace cut FILE|DIR [--from T] [--to T] [--thread NAME|TID]... [--phase NAME]"
            + " -o OUT.candor\n";

    static final String HELP = "  cut          the call tree of the samples in a range, as a sampled snapshot: --from and --to\n"
            + "               are times after the trace's first record (1.2s, 350ms; default its whole length),\n"
            + "               --thread keeps those threads (repeat it), --phase only the samples inside that\n"
            + "               phase of their own thread (Candor.begin/end markers)\n";

    private TraceCutCli() {}

    static int run(List<String> argList, Console console) throws Exception {
        Args args = new Args("trace", argList);
        Path path = null;
        Path out = null;
        String from = null;
        String to = null;
        String phase = null;
        List<String> threads = new java.util.ArrayList<>();
        while (args.hasNext()) {
            String a = args.next();
            switch (a) {
                case "-o": case "--output": out = Path.of(args.value(a)); break;
                case "--from": from = args.value(a); break;
                case "--to": to = args.value(a); break;
                case "--thread": threads.add(args.value(a)); break;
                case "--phase": phase = args.value(a); break;
                default:
                    if (Args.isOption(a)) throw args.unknown(a);
                    if (path != null) throw new UsageException("trace cut: one trace at a time ('" + path + "' and '" + a + "')");
                    path = Path.of(a);
            }
        }
        if (path == null) throw new UsageException("trace cut: which trace? (usage: candor trace cut FILE|DIR ... -o OUT.candor)");
        if (out == null) throw new UsageException("trace cut: where should the snapshot go? (-o OUT.candor)");
        TraceSource source = TraceDirectory.open(path);
        long start = source.firstTime();
        long fromNs = from == null ? Long.MIN_VALUE : start + duration("--from", from);
        long toNs = to == null ? Long.MAX_VALUE : start + duration("--to", to);
        if (toNs < fromNs) throw new UsageException("trace cut: --to " + to + " comes before --from " + from);
        TraceRange range = new TraceRange(fromNs, toNs, tids(source.meta(), threads), phase);
        TraceCut.Result r = TraceCut.write(source, range, out);
        for (String w : source.warnings()) console.note("warning: " + w);
        console.out.println(String.format(Locale.ROOT, "wrote %s: %,d samples of %,d thread%s in the range (%,d call paths)",
                out, r.samples(), r.threads(), r.threads() == 1 ? "" : "s", r.nodes() - r.threads()));
        if (r.samples() == 0) console.note("no sample lies in that range" + (phase != null ? " and phase '" + phase + "'" : ""));
        return 0;
    }

    private static long duration(String option, String text) throws UsageException {
        try {
            return Durations.parseNanos(text);
        } catch (ClientException e) {
            throw new UsageException("trace cut: " + option + " " + e.getMessage());
        }
    }

    /** Threads by name (every thread that ever had it) or by tid; a name or tid the trace lacks is a usage error. */
    private static Set<Integer> tids(TraceMeta meta, List<String> threads) throws UsageException {
        Set<Integer> tids = new HashSet<>();
        for (String t : threads) {
            boolean found = false;
            for (var e : meta.threads().entrySet()) {
                boolean named = e.getValue().stream().anyMatch(n -> n.name().equals(t));
                if (named || Integer.toString(e.getKey()).equals(t)) {
                    tids.add(e.getKey());
                    found = true;
                }
            }
            if (!found) throw new UsageException("trace cut: the trace has no thread '" + t + "'");
        }
        return tids;
    }
}
