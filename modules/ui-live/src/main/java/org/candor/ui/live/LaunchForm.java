package org.candor.ui.live;

import java.awt.GridBagConstraints;
import java.awt.GridBagLayout;
import java.awt.Insets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.prefs.Preferences;
import javax.swing.JComboBox;
import javax.swing.JLabel;
import javax.swing.JPanel;
import javax.swing.JTextField;
import org.candor.client.InstalledJdks;
import org.openide.util.NbPreferences;

/**
 * What Launch asks: the java to run, a main class or a jar, class path, arguments and working directory; kept for
 * the next launch. The session's settings come from Analyze Performance.
 */
public final class LaunchForm extends JPanel {

    static final String MAIN_CLASS = "Main class";
    static final String JAR = "Jar file";

    /** The java to run: a JDK found on this machine, or a path typed. */
    final JComboBox<Object> java = new JComboBox<>(InstalledJdks.find().toArray());
    final JComboBox<String> kind = new JComboBox<>(new String[] {MAIN_CLASS, JAR});
    final JTextField target = field("launchTarget", 30);
    final JTextField classPath = field("launchClassPath", 30);
    final JTextField arguments = field("launchArguments", 30);
    final JTextField directory = field("launchDirectory", 30);

    public LaunchForm() {
        super(new GridBagLayout());
        setName("launchForm");
        kind.setName("launchKind");
        Preferences p = preferences();
        java.setName("launchJava");
        java.setEditable(true);
        java.setToolTipText("The JDKs found on this machine; or type the path of another java");
        java.setSelectedItem(p.get("java", Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        kind.setSelectedItem(p.get("kind", MAIN_CLASS));
        target.setText(p.get("target", ""));
        classPath.setText(p.get("classPath", ""));
        arguments.setText(p.get("arguments", ""));
        directory.setText(p.get("directory", System.getProperty("user.home")));
        row(0, "Java", java);
        row(1, "Run", kind);
        row(2, "Class or jar", target);
        row(3, "Class path", classPath);
        row(4, "Arguments", arguments);
        row(5, "Working directory", directory);
        JLabel note = new JLabel("The session takes the settings chosen in Analyze Performance.");
        GridBagConstraints c = new GridBagConstraints();
        c.gridy = 6;
        c.gridwidth = 2;
        c.insets = new Insets(8, 4, 2, 4);
        c.anchor = GridBagConstraints.WEST;
        add(note, c);
    }

    private static JTextField field(String name, int columns) {
        JTextField f = new JTextField(columns);
        f.setName(name);
        return f;
    }

    private void row(int y, String label, java.awt.Component field) {
        GridBagConstraints c = new GridBagConstraints();
        c.gridy = y;
        c.insets = new Insets(2, 4, 2, 4);
        c.anchor = GridBagConstraints.WEST;
        add(new JLabel(label), c);
        c.fill = GridBagConstraints.HORIZONTAL;
        c.weightx = 1;
        add(field, c);
    }

    /** The command line, or a message saying what is missing. */
    public List<String> command() {
        List<String> cmd = new ArrayList<>();
        cmd.add(javaPath());
        if (!classPath.getText().isBlank()) {
            cmd.add("-cp");
            cmd.add(classPath.getText().trim());
        }
        if (JAR.equals(kind.getSelectedItem())) cmd.add("-jar");
        cmd.add(target.getText().trim());
        cmd.addAll(split(arguments.getText()));
        return cmd;
    }

    /** What is wrong with the form, or null. */
    public String problem() {
        if (javaPath().isEmpty()) return "Which java? Choose a JDK or name its path.";
        if (target.getText().isBlank()) return JAR.equals(kind.getSelectedItem()) ? "Which jar?" : "Which main class?";
        if (!directory.getText().isBlank() && !Files.isDirectory(Path.of(directory.getText().trim()))) {
            return "The working directory " + directory.getText().trim() + " does not exist.";
        }
        return null;
    }

    /** The java chosen (a found JDK's) or typed, as a path. */
    private String javaPath() {
        Object v = java.isEditable() && java.getEditor().getItem() != null ? java.getEditor().getItem() : java.getSelectedItem();
        if (v instanceof InstalledJdks.Jdk) return ((InstalledJdks.Jdk) v).java().toString();
        String text = v == null ? "" : v.toString().trim();
        for (int i = 0; i < java.getItemCount(); i++) {  // a found JDK shown by its name: its path
            Object item = java.getItemAt(i);
            if (item instanceof InstalledJdks.Jdk && item.toString().equals(text)) return ((InstalledJdks.Jdk) item).java().toString();
        }
        return text;
    }

    public Path workingDirectory() {
        return directory.getText().isBlank() ? null : Path.of(directory.getText().trim());
    }

    public void save() {
        Preferences p = preferences();
        p.put("java", javaPath());
        p.put("kind", (String) kind.getSelectedItem());
        p.put("target", target.getText().trim());
        p.put("classPath", classPath.getText().trim());
        p.put("arguments", arguments.getText());
        p.put("directory", directory.getText().trim());
    }

    /** Arguments split at blanks; double quotes keep blanks in one argument. */
    static List<String> split(String text) {
        List<String> out = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        boolean quoted = false;
        boolean any = false;
        for (char ch : text.toCharArray()) {
            if (ch == '"') {
                quoted = !quoted;
                any = true;
            } else if (Character.isWhitespace(ch) && !quoted) {
                if (any) out.add(current.toString());
                current.setLength(0);
                any = false;
            } else {
                current.append(ch);
                any = true;
            }
        }
        if (any) out.add(current.toString());
        return out;
    }

    private static Preferences preferences() {
        return NbPreferences.forModule(LaunchForm.class).node("launch");
    }
}
