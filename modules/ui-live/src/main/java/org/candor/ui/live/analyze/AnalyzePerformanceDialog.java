package org.candor.ui.live.analyze;

import java.awt.BorderLayout;
import java.awt.Component;
import java.awt.FlowLayout;
import java.awt.Window;
import java.awt.event.KeyEvent;
import java.util.List;
import javax.swing.JButton;
import javax.swing.JComponent;
import javax.swing.JDialog;
import javax.swing.JPanel;
import javax.swing.KeyStroke;
import javax.swing.SwingUtilities;
import org.candor.ui.model.analyze.AnalyzeSettings;
import org.candor.ui.model.analyze.Configurations;

/**
 * The Analyze Performance dialog: the panel, and one button that does what the target says (Attach, Launch, Apply)
 * and is enabled only while nothing stands in the way. Modal; {@link #ask} returns what to run, or null.
 */
public final class AnalyzePerformanceDialog {

    /** What the user asked for. */
    public record Choice(AnalyzeSettings settings, AnalyzeTarget target) { }

    private AnalyzePerformanceDialog() {}

    /**
     * Shows the dialog over {@code owner}; the settings chosen become the last used ones. Event thread.
     *
     * @see AnalyzePerformancePanel#AnalyzePerformancePanel the other parameters
     */
    public static Choice ask(Component owner, Configurations configurations, AnalyzeSettings initial,
                             List<AnalyzeTarget> jvms, AnalyzeTarget selected, AnalyzeTarget session) {
        Window window = owner == null ? null : SwingUtilities.getWindowAncestor(owner);
        JDialog dialog = new JDialog(window, "Analyze Performance", java.awt.Dialog.ModalityType.APPLICATION_MODAL);
        dialog.setName("analyzePerformanceDialog");
        AnalyzePerformancePanel panel = new AnalyzePerformancePanel(configurations, initial, jvms, selected, session);
        JButton run = new JButton();
        run.setName("run");
        JButton cancel = new JButton("Cancel");
        cancel.setName("cancel");
        Choice[] chosen = new Choice[1];
        run.addActionListener(e -> {
            if (panel.problem() != null) return;
            panel.keepAsLastUsed();
            chosen[0] = new Choice(panel.settings(), panel.currentTarget());
            dialog.dispose();
        });
        cancel.addActionListener(e -> dialog.dispose());
        panel.onProblem(problem -> {
            run.setEnabled(problem == null);
            AnalyzeTarget.Kind kind = panel.targetKind();
            run.setText(kind == AnalyzeTarget.Kind.SESSION ? "Apply" : kind == AnalyzeTarget.Kind.LAUNCH ? "Launch" : "Attach");
        });
        JPanel buttons = new JPanel(new FlowLayout(FlowLayout.RIGHT, 6, 6));
        buttons.add(run);
        buttons.add(cancel);
        JPanel content = new JPanel(new BorderLayout());
        content.add(panel, BorderLayout.CENTER);
        content.add(buttons, BorderLayout.SOUTH);
        content.registerKeyboardAction(e -> dialog.dispose(), KeyStroke.getKeyStroke(KeyEvent.VK_ESCAPE, 0),
                JComponent.WHEN_IN_FOCUSED_WINDOW);
        dialog.setContentPane(content);
        dialog.getRootPane().setDefaultButton(run);
        dialog.pack();
        dialog.setLocationRelativeTo(window);
        dialog.setVisible(true);
        return chosen[0];
    }
}
