package org.candor.ui.live.analyze;

import java.awt.BorderLayout;
import java.awt.FlowLayout;
import java.awt.GridLayout;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javax.swing.JButton;
import javax.swing.JCheckBox;
import javax.swing.JFileChooser;
import javax.swing.JMenuItem;
import javax.swing.JPanel;
import javax.swing.JPopupMenu;
import javax.swing.filechooser.FileNameExtensionFilter;
import org.candor.client.ClientException;
import org.candor.client.filters.SelectionFile;
import org.candor.ui.model.analyze.FilterPresets;
import org.candor.ui.snapshot.FileWriting;

/**
 * Which classes get probes or appear in stacks: "profile only" patterns (none: every class), patterns to leave out,
 * whether the JDK and Candor stay out too; presets (my packages from the main class, the JDK, Candor) and TAU's
 * selective instrumentation files, imported and exported.
 */
final class FiltersEditor extends JPanel {

    private final PatternList includes = new PatternList("includes", "Profile only these classes (none: every class)",
            "Patterns: com.acme.** (a package and below), com.acme.* (one package), com.acme.Cache, com.acme.Cache.get*");
    private final PatternList excludes = new PatternList("excludes", "Leave these out",
            "Patterns: com.acme.generated.**, com.acme.Util.log*; TAU's java/lang works too");
    private final JCheckBox jdkOut = new JCheckBox("Leave out the JDK and Candor as well", true);
    private final Supplier<String> mainClass;
    private final Consumer<String> say;
    private Runnable onChange = () -> { };

    /**
     * @param mainClass the program's main class now (for "my packages"), or null when unknown
     * @param say       shows one line to the user (imports and exports answer there)
     */
    FiltersEditor(Supplier<String> mainClass, Consumer<String> say) {
        super(new BorderLayout(4, 4));
        this.mainClass = mainClass;
        this.say = say;
        jdkOut.setName("defaultExcludes");
        jdkOut.setToolTipText("java, javax, jdk, sun, com.sun and org.candor: what the agent leaves out unless told otherwise");
        JButton presets = new JButton("Presets \u25be");
        presets.setName("filterPresets");
        presets.addActionListener(e -> presetsMenu().show(presets, 0, presets.getHeight()));
        JButton importTau = new JButton("Import\u2026");
        importTau.setName("filterImport");
        importTau.setToolTipText("Read a TAU selective instrumentation file (BEGIN_EXCLUDE_LIST \u2026 END_EXCLUDE_LIST)");
        importTau.addActionListener(e -> importFile());
        JButton exportTau = new JButton("Export\u2026");
        exportTau.setName("filterExport");
        exportTau.setToolTipText("Write these lists as a TAU selective instrumentation file");
        exportTau.addActionListener(e -> exportFile());
        includes.onChange(() -> onChange.run());
        excludes.onChange(() -> onChange.run());
        jdkOut.addActionListener(e -> onChange.run());

        JPanel lists = new JPanel(new GridLayout(1, 2, 6, 0));
        lists.add(includes);
        lists.add(excludes);
        JPanel bar = new JPanel(new FlowLayout(FlowLayout.LEFT, 6, 0));
        bar.add(jdkOut);
        bar.add(presets);
        bar.add(importTau);
        bar.add(exportTau);
        add(lists, BorderLayout.CENTER);
        add(bar, BorderLayout.SOUTH);
    }

    void onChange(Runnable listener) {
        onChange = listener;
    }

    List<String> includes() { return includes.patterns(); }
    List<String> excludes() { return excludes.patterns(); }
    boolean defaultExcludes() { return jdkOut.isSelected(); }

    void show(List<String> in, List<String> out, boolean jdk) {
        includes.setPatterns(in);
        excludes.setPatterns(out);
        jdkOut.setSelected(jdk);
    }

    private JPopupMenu presetsMenu() {
        JPopupMenu menu = new JPopupMenu();
        List<String> mine = FilterPresets.myPackages(mainClass.get());
        JMenuItem my = item(menu, "presetMine", mine.isEmpty() ? "Profile only my packages (main class unknown)"
                : "Profile only my packages: " + String.join(", ", mine), () -> includes.addAll(mine));
        my.setEnabled(!mine.isEmpty());
        item(menu, "presetJdk", "Leave out the JDK: " + String.join(", ", FilterPresets.jdk()),
                () -> excludes.addAll(FilterPresets.jdk()));
        item(menu, "presetCandor", "Leave out Candor: " + String.join(", ", FilterPresets.candor()),
                () -> excludes.addAll(FilterPresets.candor()));
        return menu;
    }

    private static JMenuItem item(JPopupMenu menu, String name, String text, Runnable action) {
        JMenuItem item = new JMenuItem(text);
        item.setName(name);
        item.addActionListener(e -> action.run());
        menu.add(item);
        return item;
    }

    private void importFile() {
        JFileChooser chooser = chooser("Import a TAU selective instrumentation file");
        if (chooser.showOpenDialog(this) != JFileChooser.APPROVE_OPTION) return;
        Path file = chooser.getSelectedFile().toPath();
        try {
            SelectionFile.Selection s = SelectionFile.read(file);
            includes.addAll(s.includes());
            excludes.addAll(s.excludes());
            say.accept("Imported " + s.includes().size() + " include and " + s.excludes().size() + " exclude patterns from "
                    + file + (s.skippedSections() > 0 ? " (" + s.skippedSections() + " section(s) of C files skipped)" : ""));
        } catch (ClientException e) {
            say.accept(e.getMessage());
        }
    }

    private void exportFile() {
        JFileChooser chooser = chooser("Export as a TAU selective instrumentation file");
        if (chooser.showSaveDialog(this) != JFileChooser.APPROVE_OPTION) return;
        Path file = chooser.getSelectedFile().toPath();
        if (!FileWriting.mayReplace(file)) return;
        try {
            SelectionFile.write(file, includes.patterns(), excludes.patterns());
            say.accept("Wrote " + file);
        } catch (ClientException e) {
            say.accept(e.getMessage());
        }
    }

    private static JFileChooser chooser(String title) {
        JFileChooser chooser = new JFileChooser();
        chooser.setName("filterFileChooser");
        chooser.setDialogTitle(title);
        chooser.setFileFilter(new FileNameExtensionFilter("Selective instrumentation files (*.tau, *.txt)", "tau", "txt"));
        return chooser;
    }
}
