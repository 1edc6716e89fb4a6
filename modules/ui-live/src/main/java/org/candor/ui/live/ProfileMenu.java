package org.candor.ui.live;

import java.beans.PropertyChangeEvent;
import java.beans.PropertyChangeListener;
import javax.swing.AbstractAction;
import javax.swing.Action;
import org.candor.ui.live.analyze.CalibrateProbes;
import org.openide.awt.StatusDisplayer;

/**
 * The Profile menu and toolbar (declared in this module's layer.xml): each item is the JVMs window's command of the
 * same name, enabled as the window's button is, and opens the window first so that its answer shows.
 */
public final class ProfileMenu {

    private ProfileMenu() {}

    public static Action analyze() { return new Follow(SessionCommands.ANALYZE); }
    public static Action attach() { return new Follow(SessionCommands.ATTACH); }
    public static Action changeSettings() { return new Follow(SessionCommands.CHANGE); }
    public static Action launch() { return new Follow(SessionCommands.LAUNCH); }
    public static Action demo() { return new Follow(SessionCommands.DEMO); }
    public static Action reset() { return new Follow(SessionCommands.RESET); }
    public static Action snapshot() { return new Follow(SessionCommands.SNAPSHOT); }
    public static Action stop() { return new Follow(SessionCommands.STOP); }
    public static Action start() { return new Follow(SessionCommands.START); }
    public static Action detach() { return new Follow(SessionCommands.DETACH); }
    public static Action live() { return new Follow(SessionCommands.LIVE); }
    public static Action telemetry() { return new Follow(SessionCommands.TELEMETRY); }

    /** Calibrate Probes: the trainer for wall time, the app's own java. */
    public static Action calibrate() {
        Action a = new AbstractAction("Calibrate Probes\u2026", ProfileIcons.CALIBRATE) {
            @Override public void actionPerformed(java.awt.event.ActionEvent e) {
                CalibrateProbes.run("wall", line -> StatusDisplayer.getDefault().setStatusText(line));
            }
        };
        a.putValue(Action.SHORT_DESCRIPTION, "Measure the probes' own cost on this JVM and CPU (once; about ten seconds)");
        return a;
    }

    /** A menu item that is the current JVMs window's command {@code key}. */
    private static final class Follow extends AbstractAction implements PropertyChangeListener {

        private final String key;
        private Action target;
        private final Runnable rebind = this::bind;

        Follow(String key) {
            this.key = key;
            SessionCommands.follow(rebind);
            bind();
        }

        private void bind() {
            if (target != null) target.removePropertyChangeListener(this);
            SessionCommands c = SessionCommands.current();
            target = c == null ? null : c.get(key);
            SessionCommands.listen(target, this);
            if (target != null) {
                for (String k : new String[] {NAME, SHORT_DESCRIPTION, SMALL_ICON}) putValue(k, target.getValue(k));
                setEnabled(target.isEnabled());
            } else {
                SessionCommands.describe(this, key);
            }
        }

        @Override
        public void actionPerformed(java.awt.event.ActionEvent e) {
            LiveSessionsTopComponent.showWindow();
            if (target == null) bind();
            if (target != null && target.isEnabled()) target.actionPerformed(e);
        }

        @Override
        public void propertyChange(PropertyChangeEvent e) {
            if ("enabled".equals(e.getPropertyName())) setEnabled(target.isEnabled());
        }
    }
}
