package org.candor.ui.calltree;

import javax.swing.SwingConstants;
import javax.swing.table.DefaultTableCellRenderer;
import org.candor.ui.model.snapshot.DisplayUnits;

/** A count, right-aligned with thousands separators. */
final class CountRenderer extends DefaultTableCellRenderer {

    CountRenderer() {
        setHorizontalAlignment(SwingConstants.RIGHT);
    }

    @Override
    protected void setValue(Object value) {
        setText(value instanceof Long ? DisplayUnits.count((Long) value) : value == null ? "" : value.toString());
    }
}
