package org.candor.ui.live.analyze;

import static org.candor.ui.model.Words.capitalized;
import static org.candor.ui.model.Words.html;

import java.awt.Color;
import java.awt.GridBagConstraints;
import java.awt.GridBagLayout;
import java.awt.Insets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import javax.swing.JLabel;
import javax.swing.JPanel;
import javax.swing.SwingUtilities;
import org.candor.client.ClientException;
import org.candor.client.system.Check;
import org.candor.client.system.Readiness;
import org.candor.client.system.SystemCheck;
import org.candor.client.system.Verdict;
import org.candor.ui.snapshot.Colours;

/**
 * What will and will not work, asked of the operating system before attaching or launching ({@code candor check}'s
 * rows, worded once in client's {@code system} checks): this machine's readiness and, for a JVM, the target's. A
 * target Candor cannot attach to at all is a refusal the dialog shows as its problem. Event thread, but for the
 * asking.
 */
final class ReadinessSection extends JPanel {

    private static CompletableFuture<Readiness> machine;

    private long shownFor = Long.MIN_VALUE;
    private String refusal;
    private Runnable onChange = () -> { };

    ReadinessSection() {
        super(new GridBagLayout());
        setName("readiness");
    }

    void onChange(Runnable listener) {
        onChange = listener;
    }

    /** Why the JVM shown cannot be attached to at all (no such process, another user's, not a JVM), or null. */
    String refusal() {
        return refusal;
    }

    /** Asks again for this target (null: the machine alone), unless it is the one shown. */
    void show(AnalyzeTarget target) {
        long pid = target == null || target.kind() == AnalyzeTarget.Kind.LAUNCH ? -1 : target.pid();
        if (pid == shownFor) return;
        shownFor = pid;
        refusal = null;
        CompletableFuture<Readiness> forTarget = pid < 0 ? CompletableFuture.completedFuture(null)
                : CompletableFuture.supplyAsync(() -> {
                    try {
                        return SystemCheck.target(pid);
                    } catch (ClientException e) {
                        return new Readiness("refused", List.of(new Check("attach", Verdict.UNAVAILABLE, e.getMessage(), "")));
                    }
                });
        machine().thenCombine(forTarget, (m, t) -> {
            List<Readiness> all = new ArrayList<>();
            if (t != null) all.add(t);
            if (m != null) all.add(m);
            return all;
        }).whenComplete((all, error) -> SwingUtilities.invokeLater(() -> {
            if (shownFor != pid) return;  // another target was chosen meanwhile
            fill(all == null ? List.of() : all, error);
        }));
    }

    private static synchronized CompletableFuture<Readiness> machine() {
        if (machine == null) {
            machine = MachineMetrics.get().thenApply(library -> {
                try {
                    return SystemCheck.machine(library);
                } catch (ClientException e) {
                    return new Readiness("this machine", List.of(new Check("libcandor.so", Verdict.UNAVAILABLE,
                            e.getMessage(), "")));
                }
            });
        }
        return machine;
    }

    private void fill(List<Readiness> all, Throwable error) {
        removeAll();
        int y = 0;
        if (error != null) add(new JLabel("Cannot ask the operating system: " + error.getMessage()), cell(0, y++, 3));
        for (Readiness r : all) {
            if (r.title().equals("refused")) {
                refusal = r.checks().get(0).sentence();
                continue;
            }
            JLabel title = new JLabel("<html><div style='width:600px'>" + html(capitalized(r.title())) + "</div></html>");
            title.setFont(title.getFont().deriveFont(java.awt.Font.BOLD));
            add(title, cell(0, y++, 3));
            for (Check c : r.checks()) {
                JLabel verdict = new JLabel(c.verdict().word());
                verdict.setName("verdict:" + c.name());
                verdict.setForeground(colour(c.verdict()));
                JLabel what = new JLabel(c.name());
                String text = c.sentence() + (c.remedy().isEmpty() ? "" : " \u2014 " + c.remedy());
                // wrapped: a sentence cut at the window's edge would hide its reason
                JLabel why = new JLabel("<html><div style='width:350px'>" + html(text) + "</div></html>");
                why.setName("why:" + c.name());
                add(what, cell(0, y, 1));
                add(verdict, cell(1, y, 1));
                GridBagConstraints last = cell(2, y++, 1);
                last.weightx = 1;
                last.fill = GridBagConstraints.HORIZONTAL;
                add(why, last);
            }
        }
        revalidate();
        repaint();
        onChange.run();
    }

    private static GridBagConstraints cell(int x, int y, int width) {
        GridBagConstraints c = new GridBagConstraints();
        c.gridx = x;
        c.gridy = y;
        c.gridwidth = width;
        c.anchor = GridBagConstraints.NORTHWEST;
        c.insets = new Insets(1, 2, 1, 8);
        return c;
    }

    private static Color colour(Verdict v) {
        switch (v) {
            case AVAILABLE: return new Color(0x2E, 0x9E, 0x48);
            case LIMITED: return new Color(0xC0, 0x80, 0x10);
            default: return Colours.error();
        }
    }
}
