package org.candor.ui.calltree;

import java.awt.BorderLayout;
import javax.swing.BorderFactory;
import javax.swing.JButton;
import javax.swing.JLabel;
import javax.swing.JPanel;
import org.candor.core.model.MethodTable;
import org.candor.ui.model.Words;
import org.candor.ui.model.snapshot.CallTreeRow;
import org.candor.ui.model.snapshot.SubtreeTitle;

/** Above a call tree that shows one subtree alone: the path down to it (ui-model's {@link SubtreeTitle}), Whole Tree. */
final class FocusBar extends JPanel {

    private final MethodTable methods;
    private final JLabel title = new JLabel();

    FocusBar(MethodTable methods, Runnable wholeTree) {
        super(new BorderLayout(6, 0));
        this.methods = methods;
        setName("focusBar");
        title.setName("focusTitle");
        setBorder(BorderFactory.createEmptyBorder(4, 8, 4, 8));
        JButton whole = new JButton("Whole Tree");
        whole.setName("wholeTreeButton");
        whole.addActionListener(e -> wholeTree.run());
        add(title, BorderLayout.CENTER);
        add(whole, BorderLayout.EAST);
        setVisible(false);
    }

    /** Names the subtree in focus; hidden when {@code row} is null (the whole tree). */
    void show(CallTreeRow row) {
        if (row == null) {
            setVisible(false);
            return;
        }
        title.setText(SubtreeTitle.of(row, methods));
        title.setToolTipText("<html>" + String.join("<br>", SubtreeTitle.path(row, methods).stream().map(Words::html).toList()));
        setVisible(true);
        revalidate();
    }
}
