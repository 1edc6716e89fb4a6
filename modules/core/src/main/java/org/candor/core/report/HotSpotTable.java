package org.candor.core.report;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.candor.core.analysis.HotSpot;
import org.candor.core.analysis.HotSpots;
import org.candor.core.analysis.ProbeEffect;
import org.candor.core.analysis.SortMetric;
import org.candor.core.model.FlatProfile;
import org.candor.core.snapshot.ThreadTree;

/**
 * The hot spots a report lists, decided once for the text report's table and the hot spots' CSV: every method of the
 * selected threads, ranked by the {@link SortMetric#hotSpots hot spots' metric} for the chosen value, highest first,
 * with that metric's total (what a percent is of) and the probes' estimated effect where the snapshot has it.
 */
final class HotSpotTable {

    /** The metric the methods are ranked by, and their percent is of. */
    final int rank;
    /** Highest first. */
    final List<HotSpot> spots;
    /** The rank metric's total over the selected threads. */
    final long total;
    /** Each method's estimated share of the probes' effect; null where the snapshot cannot tell. */
    final ProbeEffect effect;

    private HotSpotTable(int rank, List<HotSpot> spots, long total, ProbeEffect effect) {
        this.rank = rank;
        this.spots = spots;
        this.total = total;
        this.effect = effect;
    }

    static HotSpotTable of(ReportContext report, int value) throws IOException {
        int rank = SortMetric.hotSpots(report.metrics, value);
        List<FlatProfile> flats = new ArrayList<>();
        for (ThreadTree t : report.selected) flats.add(report.flat(t));
        List<HotSpot> spots = HotSpots.of(report.methods, report.metrics.size(), flats);
        spots.sort(HotSpot.byValueDescending(rank));
        long total = report.totals(report.selected)[rank];
        ProbeEffect effect = ProbeEffect.of(report.file.stats(), report.file.info());
        if (effect != null) effect = effect.on(report.metrics);
        return new HotSpotTable(rank, spots, total, effect);
    }
}
