package org.candor.ui.live.analyze;

import java.awt.BorderLayout;
import java.awt.FlowLayout;
import java.util.List;
import java.util.function.Supplier;
import javax.swing.ButtonGroup;
import javax.swing.JButton;
import javax.swing.JLabel;
import javax.swing.JOptionPane;
import javax.swing.JPanel;
import javax.swing.JRadioButton;
import org.candor.client.code.CodeSource;
import org.candor.ui.live.RootBrowser;
import org.candor.ui.model.analyze.AnalyzeSettings;

/**
 * Part of application's root methods, typed as patterns or picked in the browser (classes of the running session,
 * or of the program's class path before Candor is in it), and how what they reach is found: Lazy or Eager.
 */
final class RootsEditor extends JPanel {

    private final PatternList roots = new PatternList("rootList", null,
            "com.acme.Server.handle (every overload), com.acme.Server.handle(Request), com.acme.web.*.do*");
    private final JRadioButton lazy = new JRadioButton("Lazy: instrument what a root calls the first time it runs (fewest probes)");
    private final JRadioButton eager = new JRadioButton("Eager: instrument all the roots can reach as classes load (fewer recompilations)");
    private final Supplier<CodeSource> code;
    private Runnable onChange = () -> { };

    /** @param code where Browse… looks now (the session's loaded classes or the program's class path); null: none */
    RootsEditor(Supplier<CodeSource> code) {
        super(new BorderLayout(4, 4));
        this.code = code;
        lazy.setName("lazy");
        eager.setName("eager");
        ButtonGroup group = new ButtonGroup();
        group.add(lazy);
        group.add(eager);
        lazy.setSelected(true);
        JButton browse = new JButton("Browse\u2026");
        browse.setName("rootBrowse");
        browse.setToolTipText("Pick root methods among the program's classes");
        browse.addActionListener(e -> browse());
        roots.addButton(browse);
        roots.onChange(() -> onChange.run());
        lazy.addActionListener(e -> onChange.run());
        eager.addActionListener(e -> onChange.run());
        JPanel schemes = new JPanel(new java.awt.GridLayout(0, 1));
        schemes.add(lazy);
        schemes.add(eager);
        add(roots, BorderLayout.CENTER);
        add(schemes, BorderLayout.SOUTH);
    }

    void onChange(Runnable listener) {
        onChange = listener;
    }

    List<String> roots() { return roots.patterns(); }

    String scheme() { return eager.isSelected() ? AnalyzeSettings.EAGER : AnalyzeSettings.LAZY; }

    void show(List<String> patterns, String scheme) {
        roots.setPatterns(patterns);
        (AnalyzeSettings.EAGER.equals(scheme) ? eager : lazy).setSelected(true);
    }

    private void browse() {
        CodeSource source = code.get();
        if (source == null) {
            JOptionPane.showMessageDialog(this, new JLabel("Choose a JVM or a program to launch first: their classes are browsed."),
                    "Browse root methods", JOptionPane.INFORMATION_MESSAGE);
            return;
        }
        RootBrowser browser = new RootBrowser(source);
        javax.swing.JButton ok = new javax.swing.JButton("OK");
        ok.setName("rootBrowserOk");
        javax.swing.JButton cancel = new javax.swing.JButton("Cancel");
        cancel.setName("rootBrowserCancel");
        JOptionPane pane = new JOptionPane(browser, JOptionPane.PLAIN_MESSAGE, JOptionPane.OK_CANCEL_OPTION, null,
                new Object[] {ok, cancel}, ok);
        javax.swing.JDialog dialog = pane.createDialog(this, "Choose root methods: " + source.description());
        dialog.setName("rootBrowserDialog");
        boolean[] chosen = {false};
        ok.addActionListener(e -> {
            chosen[0] = true;
            dialog.dispose();
        });
        cancel.addActionListener(e -> dialog.dispose());
        dialog.setResizable(true);
        dialog.setVisible(true);
        browser.dispose();
        if (chosen[0]) roots.addAll(browser.chosen());
    }
}
