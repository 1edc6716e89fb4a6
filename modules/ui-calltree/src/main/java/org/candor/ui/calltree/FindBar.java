package org.candor.ui.calltree;

import java.awt.BorderLayout;
import java.awt.event.ActionEvent;
import java.awt.event.KeyEvent;
import java.util.function.Consumer;
import javax.swing.AbstractAction;
import javax.swing.BorderFactory;
import javax.swing.JButton;
import javax.swing.JComponent;
import javax.swing.JLabel;
import javax.swing.JPanel;
import javax.swing.JTextField;
import javax.swing.KeyStroke;

/**
 * A view's find bar (Ctrl+F): a method name or part of one; Enter finds the next match (the call tree: the next call
 * path through such a method), Escape closes the bar. What a match is, and where the next one is, are not decided
 * here; a search may take a while (a tree of tens of millions of paths), so it answers when it is done.
 */
final class FindBar extends JPanel {

    /** Shows the next match after the selection for this text, then tells {@code done} whether there was one. */
    interface Finder {
        void findNext(String text, Consumer<Boolean> done);
    }

    private final JTextField field = new JTextField(24);
    private final JLabel result = new JLabel(" ");

    FindBar(Finder finder) {
        super(new BorderLayout(6, 0));
        setName("findBar");
        field.setName("findText");
        result.setName("findResult");
        setBorder(BorderFactory.createEmptyBorder(4, 8, 4, 8));
        JButton next = new JButton("Find Next");
        next.setName("findNext");
        JButton close = new JButton("\u00d7");
        close.setToolTipText("Close (Escape)");
        add(new JLabel("Find method:"), BorderLayout.WEST);
        JPanel middle = new JPanel(new BorderLayout(6, 0));
        middle.add(field, BorderLayout.CENTER);
        middle.add(next, BorderLayout.EAST);
        add(middle, BorderLayout.CENTER);
        JPanel end = new JPanel(new BorderLayout(6, 0));
        end.add(result, BorderLayout.CENTER);
        end.add(close, BorderLayout.EAST);
        add(end, BorderLayout.EAST);
        Runnable find = () -> {
            String text = field.getText().trim();
            if (text.isEmpty()) return;
            result.setText("Searching\u2026");
            finder.findNext(text, found -> result.setText(found ? " " : "Not found"));
        };
        field.addActionListener(e -> find.run());
        next.addActionListener(e -> find.run());
        close.addActionListener(e -> setVisible(false));
        field.getInputMap(JComponent.WHEN_FOCUSED).put(KeyStroke.getKeyStroke(KeyEvent.VK_ESCAPE, 0), "close");
        field.getActionMap().put("close", new AbstractAction() {
            @Override public void actionPerformed(ActionEvent e) { setVisible(false); }
        });
        setVisible(false);
    }

    /** Shows the bar with the field focused and its text selected. */
    void open() {
        setVisible(true);
        field.selectAll();
        field.requestFocusInWindow();
    }

    /**
     * Ctrl+F on a component that has the focus: a table would take the key for itself before the window's binding
     * sees it.
     */
    static void bindCtrlF(JComponent c, Runnable find) {
        KeyStroke ctrlF = KeyStroke.getKeyStroke(KeyEvent.VK_F, java.awt.Toolkit.getDefaultToolkit().getMenuShortcutKeyMaskEx());
        c.getInputMap(JComponent.WHEN_FOCUSED).put(ctrlF, "candor-find");
        c.getActionMap().put("candor-find", new AbstractAction() {
            @Override public void actionPerformed(ActionEvent e) { find.run(); }
        });
    }
}
