package org.candor.ui.snapshot.calibration;

import javax.swing.JComponent;
import org.candor.ui.model.snapshot.CalibrationRows;
import org.candor.ui.snapshot.spi.SnapshotViewContext;
import org.candor.ui.snapshot.spi.SnapshotViewProvider;
import org.candor.ui.snapshot.spi.ViewIds;
import org.openide.util.lookup.ServiceProvider;

/** The snapshot window's Calibration tab, for calibrated snapshots only: the constants the text report prints. */
@ServiceProvider(service = SnapshotViewProvider.class)
public final class CalibrationViewProvider implements SnapshotViewProvider {

    @Override public String id() { return ViewIds.CALIBRATION; }
    @Override public String displayName() { return "Calibration"; }
    @Override public int position() { return 900; }

    @Override public boolean supports(SnapshotViewContext context) {
        return !new CalibrationRows(context.snapshot().info(), context.snapshot().stats()).isEmpty();
    }

    @Override public JComponent create(SnapshotViewContext context) {
        return new CalibrationView(new CalibrationRows(context.snapshot().info(), context.snapshot().stats()));
    }
}
