package org.candor.ui.snapshot;

import java.util.ArrayList;
import java.util.List;
import javax.swing.JComponent;
import javax.swing.JLabel;
import org.candor.ui.model.snapshot.SelectedThreads;
import org.candor.ui.snapshot.spi.SnapshotView;
import org.candor.ui.snapshot.spi.SnapshotViewContext;
import org.candor.ui.snapshot.spi.SnapshotViewProvider;
import org.openide.util.lookup.ServiceProvider;

/**
 * A view registered only here, in the tests: the window must show it as a tab without any file of the window knowing
 * it. It writes what it was given (the threads shown, methods asked for) and offers a find and a place.
 */
@ServiceProvider(service = SnapshotViewProvider.class)
public final class TestOnlyViewProvider implements SnapshotViewProvider {

    static final String ID = "test-only";

    @Override public String id() { return ID; }
    @Override public String displayName() { return "Test view"; }
    @Override public int position() { return 50; }
    @Override public JComponent create(SnapshotViewContext context) { return new View(context); }

    /** Shows the label of the threads shown; remembers what it was asked. */
    static final class View extends JLabel implements SnapshotView {
        final SnapshotViewContext context;
        final List<Integer> methodsAsked = new ArrayList<>();
        int finds;
        Object takenUp;

        View(SnapshotViewContext context) {
            super("nothing shown yet");
            this.context = context;
            setName("testView");
            context.onShown(this::show);
        }

        private void show(SelectedThreads threads) {
            setText("threads: " + threads.choice().label() + ", raw: " + context.rawTimes());
        }

        @Override public boolean showMethod(int methodId) { return methodsAsked.add(methodId); }
        @Override public boolean openFind() { finds++; return true; }
        @Override public Object place() { return "place in " + context.shown().choice().label(); }
        @Override public void takeUp(Object place) { takenUp = place; }
    }
}
