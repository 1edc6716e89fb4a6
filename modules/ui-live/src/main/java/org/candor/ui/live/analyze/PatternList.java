package org.candor.ui.live.analyze;

import java.awt.BorderLayout;
import java.awt.FlowLayout;
import java.awt.event.KeyEvent;
import java.util.ArrayList;
import java.util.List;
import javax.swing.BorderFactory;
import javax.swing.DefaultListModel;
import javax.swing.JButton;
import javax.swing.JComponent;
import javax.swing.JList;
import javax.swing.JPanel;
import javax.swing.JScrollPane;
import javax.swing.JTextField;
import javax.swing.KeyStroke;

/**
 * A titled list of patterns the user types (Enter or Add) or removes (Delete or Remove), with room for more buttons
 * (Browse…, presets). Tells a listener after each change. Event thread only.
 */
final class PatternList extends JPanel {

    private final DefaultListModel<String> model = new DefaultListModel<>();
    private final JList<String> list = new JList<>(model);
    private final JTextField entry = new JTextField(18);
    private final JPanel buttons = new JPanel(new FlowLayout(FlowLayout.LEFT, 4, 0));
    private Runnable onChange = () -> { };

    /**
     * Components are named {@code NAME}, {@code NAMEEntry}, {@code NAMEAdd}, {@code NAMERemove} for tests; a null
     * title draws no border (the list's section has one).
     */
    PatternList(String name, String title, String hint) {
        super(new BorderLayout(4, 4));
        if (title != null) setBorder(BorderFactory.createTitledBorder(title));
        list.setName(name);
        list.setVisibleRowCount(4);
        entry.setName(name + "Entry");
        entry.setToolTipText(hint);
        list.setToolTipText(hint);
        JButton add = new JButton("Add");
        add.setName(name + "Add");
        JButton remove = new JButton("Remove");
        remove.setName(name + "Remove");
        add.addActionListener(e -> addTyped());
        entry.addActionListener(e -> addTyped());
        remove.addActionListener(e -> removeSelected());
        list.getInputMap().put(KeyStroke.getKeyStroke(KeyEvent.VK_DELETE, 0), "remove");
        list.getActionMap().put("remove", new javax.swing.AbstractAction() {
            @Override public void actionPerformed(java.awt.event.ActionEvent e) { removeSelected(); }
        });
        JPanel typing = new JPanel(new BorderLayout(4, 0));
        typing.add(entry, BorderLayout.CENTER);
        typing.add(add, BorderLayout.EAST);
        buttons.add(remove);
        add(typing, BorderLayout.NORTH);
        add(new JScrollPane(list), BorderLayout.CENTER);
        add(buttons, BorderLayout.SOUTH);
    }

    /** Another button under the list, after Remove. */
    void addButton(JComponent button) {
        buttons.add(button);
    }

    void onChange(Runnable listener) {
        onChange = listener;
    }

    List<String> patterns() {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < model.size(); i++) out.add(model.get(i));
        return out;
    }

    /** Replaces the list (no change reported: the caller set it). */
    void setPatterns(List<String> patterns) {
        model.clear();
        patterns.forEach(model::addElement);
    }

    /** Adds those not there yet, in order. */
    void addAll(List<String> patterns) {
        boolean changed = false;
        for (String p : patterns) {
            String t = p.trim();
            if (!t.isEmpty() && !model.contains(t)) {
                model.addElement(t);
                changed = true;
            }
        }
        if (changed) onChange.run();
    }

    /** What was typed: one pattern or several, comma-separated. */
    private void addTyped() {
        String text = entry.getText().trim();
        if (text.isEmpty()) return;
        addAll(List.of(text.split(",")));
        entry.setText("");
    }

    private void removeSelected() {
        List<String> gone = list.getSelectedValuesList();
        if (gone.isEmpty()) return;
        gone.forEach(model::removeElement);
        onChange.run();
    }
}
