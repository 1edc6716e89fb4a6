package org.candor.ui.live;

import java.beans.PropertyChangeListener;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.swing.AbstractAction;
import javax.swing.Action;
import javax.swing.Icon;

/**
 * The JVMs window's commands as actions, so that its buttons, the Profile menu and the Profile toolbar are the same
 * commands, enabled alike (by the selected JVM's session state). The window that shows is the {@linkplain #current
 * current} one; the menu's actions follow it.
 */
final class SessionCommands {

    static final String ANALYZE = "analyze";
    static final String ATTACH = "attach";
    static final String CHANGE = "apply";
    static final String LAUNCH = "launch";
    static final String DEMO = "demo";
    static final String RESET = "reset";
    static final String SNAPSHOT = "snapshot";
    static final String STOP = "stop";
    static final String START = "start";
    static final String DETACH = "detach";
    static final String LIVE = "live";
    static final String TELEMETRY = "telemetry";

    private static SessionCommands current;
    private static final List<WeakReference<Runnable>> followers = new ArrayList<>();

    private final Map<String, Action> actions = new LinkedHashMap<>();

    /** A command: its text, tooltip and icon for buttons and menus; what it does. */
    Action add(String key, String text, String tip, Icon icon, Runnable run) {
        Action a = new AbstractAction(text, icon) {
            @Override public void actionPerformed(java.awt.event.ActionEvent e) { run.run(); }
        };
        a.putValue(Action.SHORT_DESCRIPTION, tip);
        a.putValue(Action.ACTION_COMMAND_KEY, key);
        actions.put(key, a);
        return a;
    }

    Action get(String key) {
        return actions.get(key);
    }

    void enable(String key, boolean on) {
        actions.get(key).setEnabled(on);
    }

    /** The commands of the JVMs window the menu acts on, or null before it opened. Event thread. */
    static SessionCommands current() {
        return current;
    }

    /** These commands are the menu's from now on. Event thread. */
    void makeCurrent() {
        current = this;
        for (WeakReference<Runnable> f : new ArrayList<>(followers)) {
            Runnable r = f.get();
            if (r != null) r.run();
        }
        followers.removeIf(f -> f.get() == null);
    }

    /** Told each time another window's commands become current (held weakly: a menu item may go). */
    static void follow(Runnable rebind) {
        followers.add(new WeakReference<>(rebind));
    }

    static void listen(Action a, PropertyChangeListener l) {
        if (a != null) a.addPropertyChangeListener(l);
    }
}
