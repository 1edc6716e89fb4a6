package org.candor.agent.snapshot;

import org.candor.core.model.Snapshot;

/** The statistics of libcandor.so's per-thread counters ({@code counters.threads=3,...}) as snapshot statistics. */
final class CounterStats {

    private CounterStats() {}

    static void addTo(Snapshot snapshot, String text) {
        if (text == null || text.isEmpty()) return;
        for (String item : text.split(",")) {
            int eq = item.indexOf('=');
            if (eq <= 0) continue;
            try {
                snapshot.putStat(item.substring(0, eq), Long.parseLong(item.substring(eq + 1)));
            } catch (NumberFormatException ignored) {
                // a value this version cannot read: left out rather than guessed
            }
        }
    }
}
