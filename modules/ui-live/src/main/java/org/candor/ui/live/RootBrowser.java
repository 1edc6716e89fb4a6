package org.candor.ui.live;

import static org.candor.ui.model.Words.capitalized;

import java.awt.BorderLayout;
import java.awt.Dimension;
import java.awt.GridLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import javax.swing.BorderFactory;
import javax.swing.DefaultListModel;
import javax.swing.JButton;
import javax.swing.JLabel;
import javax.swing.JList;
import javax.swing.JPanel;
import javax.swing.JScrollPane;
import javax.swing.JTextField;
import javax.swing.ListSelectionModel;
import javax.swing.SwingUtilities;
import javax.swing.Timer;
import javax.swing.event.DocumentEvent;
import javax.swing.event.DocumentListener;
import org.candor.client.code.CodeSource;

/**
 * Root methods chosen instead of typed: part of a class name, a class, its methods, Add. The classes come from a
 * {@link CodeSource}: what a running session's program has loaded (its control channel's {@code classes TEXT} and
 * {@code methods CLASS}, as {@code candor ctl PID classes|methods}), or the class path of a program Candor is not in
 * yet. A root names every overload of its method. Classes come 200 at a time: type more of the name, or More for the
 * next page.
 */
public final class RootBrowser extends JPanel {

    private final CodeSource code;
    private final JTextField filter = new JTextField(24);
    private final DefaultListModel<String> classes = new DefaultListModel<>();
    private final DefaultListModel<String> methods = new DefaultListModel<>();
    private final DefaultListModel<String> chosen = new DefaultListModel<>();
    private final JList<String> classList = new JList<>(classes);
    private final JList<String> methodList = new JList<>(methods);
    private final JLabel found = new JLabel(" ");
    private final JButton more = new JButton("More");
    /** The text the classes shown match, and where the next page starts (0: no next page). */
    private String shownText = "";
    private int nextFrom;
    private final Timer typing = new Timer(300, e -> queryClasses());
    private final ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "Candor root browser");
        t.setDaemon(true);
        return t;
    });

    public RootBrowser(CodeSource code) {
        super(new BorderLayout(6, 6));
        this.code = code;
        setName("rootBrowser");
        filter.setName("rootFilter");
        classList.setName("rootClasses");
        methodList.setName("rootMethods");
        found.setName("rootFound");
        JList<String> chosenList = new JList<>(chosen);
        chosenList.setName("rootChosen");
        classList.setSelectionMode(ListSelectionModel.SINGLE_SELECTION);
        typing.setRepeats(false);
        filter.getDocument().addDocumentListener(new DocumentListener() {
            @Override public void insertUpdate(DocumentEvent e) { typing.restart(); }
            @Override public void removeUpdate(DocumentEvent e) { typing.restart(); }
            @Override public void changedUpdate(DocumentEvent e) { typing.restart(); }
        });
        classList.addListSelectionListener(e -> {
            if (!e.getValueIsAdjusting()) queryMethods(classList.getSelectedValue());
        });
        JButton add = new JButton("Add as Roots");
        add.setName("rootAdd");
        add.addActionListener(e -> addSelected());

        more.setName("rootMore");
        more.setEnabled(false);
        more.setToolTipText("The next classes that match");
        more.addActionListener(e -> queryClasses(shownText, nextFrom));
        JPanel top = new JPanel(new BorderLayout(6, 0));
        top.add(new JLabel("Class name contains:"), BorderLayout.WEST);
        top.add(filter, BorderLayout.CENTER);
        JPanel status = new JPanel(new BorderLayout(6, 0));
        status.add(found, BorderLayout.CENTER);
        status.add(more, BorderLayout.EAST);
        top.add(status, BorderLayout.SOUTH);
        JPanel lists = new JPanel(new GridLayout(1, 3, 6, 0));
        lists.add(titled(capitalized(code.description()), classList));
        lists.add(titled("Methods (choose several)", methodList));
        lists.add(titled("Roots to add", chosenList));
        JPanel bottom = new JPanel(new BorderLayout());
        bottom.add(add, BorderLayout.WEST);
        add(top, BorderLayout.NORTH);
        add(lists, BorderLayout.CENTER);
        add(bottom, BorderLayout.SOUTH);
        setPreferredSize(new Dimension(900, 420));
    }

    private static JScrollPane titled(String title, JList<String> list) {
        JScrollPane scroll = new JScrollPane(list);
        scroll.setBorder(BorderFactory.createTitledBorder(title));
        return scroll;
    }

    /** The root patterns chosen, in the order added; when none were added, the methods selected now (OK without Add). */
    public List<String> chosen() {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < chosen.size(); i++) out.add(chosen.get(i));
        return out.isEmpty() ? selectedPatterns() : out;
    }

    private void queryClasses() {
        queryClasses(filter.getText().trim(), 0);
    }

    /** The classes matching {@code text} from the {@code from}-th: a new list at 0, else the next page added to it. */
    private void queryClasses(String text, int from) {
        more.setEnabled(false);
        worker.execute(() -> {
            List<String> names = new ArrayList<>();
            String said;
            int next = 0;
            try {
                CodeSource.ClassList list = code.classes(text, from);
                names.addAll(list.shown());
                int upTo = from + names.size();
                said = upTo + " of " + list.count() + " " + code.description()
                        + (list.more() ? "; type more of the name, or More" : "");
                if (list.more()) next = upTo;
            } catch (Exception e) {
                said = "Cannot list classes: " + e.getMessage();
            }
            String shown = said;
            int nextPage = next;
            SwingUtilities.invokeLater(() -> {
                if (from > 0 && !text.equals(shownText)) return;  // a page of a list typed over meanwhile
                found.setText(shown);
                shownText = text;
                nextFrom = nextPage;
                more.setEnabled(nextPage > 0);
                if (from > 0) {
                    names.forEach(classes::addElement);
                    return;
                }
                if (names.equals(java.util.Collections.list(classes.elements()))) return;  // the same list: keep the picks
                // an answer that comes after the user picked a class keeps that class picked
                String picked = classList.getSelectedValue();
                classes.clear();
                names.forEach(classes::addElement);
                if (picked != null && names.contains(picked)) {
                    classList.setSelectedValue(picked, true);
                } else {
                    methods.clear();
                }
                found.setText(shown);
            });
        });
    }

    private void queryMethods(String className) {
        methods.clear();
        if (className == null) return;
        worker.execute(() -> {
            List<String> names = new ArrayList<>();
            String problem = null;
            try {
                names.addAll(code.methods(className));
            } catch (Exception e) {
                problem = e.getMessage();
            }
            String why = problem;
            SwingUtilities.invokeLater(() -> {
                if (!className.equals(classList.getSelectedValue())) return;
                names.forEach(methods::addElement);
                if (why != null) found.setText("Cannot list the methods: " + why);
            });
        });
    }

    /** Each selected method as {@code Class.name}: every overload of it is a root. */
    private void addSelected() {
        for (String pattern : selectedPatterns()) if (!chosen.contains(pattern)) chosen.addElement(pattern);
    }

    private List<String> selectedPatterns() {
        List<String> out = new ArrayList<>();
        String className = classList.getSelectedValue();
        if (className == null) return out;
        for (String m : methodList.getSelectedValuesList()) {
            String pattern = className + "." + m.substring(0, m.indexOf('('));
            if (!out.contains(pattern)) out.add(pattern);
        }
        return out;
    }

    public void dispose() {
        typing.stop();
        worker.shutdownNow();
    }
}
