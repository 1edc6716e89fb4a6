package org.candor.ui.live;

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
import org.candor.client.ControlClient;

/**
 * Root methods chosen from what the program has loaded, instead of typed: part of a class name, a class, its
 * methods, Add. Asks the session over its control channel ({@code classes TEXT}, {@code methods CLASS}), as
 * {@code candor ctl PID classes|methods} does. A root names every overload of its method.
 */
final class RootBrowser extends JPanel {

    private final LiveSessions sessions;
    private final long pid;
    private final JTextField filter = new JTextField(24);
    private final DefaultListModel<String> classes = new DefaultListModel<>();
    private final DefaultListModel<String> methods = new DefaultListModel<>();
    private final DefaultListModel<String> chosen = new DefaultListModel<>();
    private final JList<String> classList = new JList<>(classes);
    private final JList<String> methodList = new JList<>(methods);
    private final JLabel found = new JLabel(" ");
    private final Timer typing = new Timer(300, e -> queryClasses());
    private final ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "Candor root browser");
        t.setDaemon(true);
        return t;
    });

    RootBrowser(LiveSessions sessions, long pid) {
        super(new BorderLayout(6, 6));
        this.sessions = sessions;
        this.pid = pid;
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

        JPanel top = new JPanel(new BorderLayout(6, 0));
        top.add(new JLabel("Class name contains:"), BorderLayout.WEST);
        top.add(filter, BorderLayout.CENTER);
        top.add(found, BorderLayout.SOUTH);
        JPanel lists = new JPanel(new GridLayout(1, 3, 6, 0));
        lists.add(titled("Loaded classes", classList));
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

    /** The root patterns chosen, in the order added. */
    List<String> chosen() {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < chosen.size(); i++) out.add(chosen.get(i));
        return out;
    }

    private void queryClasses() {
        String text = filter.getText().trim();
        worker.execute(() -> {
            List<String> names = new ArrayList<>();
            String said;
            try {
                ControlClient.Reply r = sessions.command(pid, "classes " + text);
                names.addAll(r.list("class."));
                said = !r.ok ? r.text : names.size() + " of " + r.get("count") + " loaded classes"
                        + (names.size() < Integer.parseInt(r.get("count")) ? "; type more of the name" : "");
            } catch (Exception e) {
                said = "Cannot list classes: " + e.getMessage();
            }
            String shown = said;
            SwingUtilities.invokeLater(() -> {
                classes.clear();
                names.forEach(classes::addElement);
                methods.clear();
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
                ControlClient.Reply r = sessions.command(pid, "methods " + className);
                if (!r.ok) problem = r.text;
                names.addAll(r.list("method."));
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
        String className = classList.getSelectedValue();
        if (className == null) return;
        for (String m : methodList.getSelectedValuesList()) {
            String pattern = className + "." + m.substring(0, m.indexOf('('));
            if (!chosen.contains(pattern)) chosen.addElement(pattern);
        }
    }

    void dispose() {
        typing.stop();
        worker.shutdownNow();
    }
}
