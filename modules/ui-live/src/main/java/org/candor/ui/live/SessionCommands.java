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

    /** How a command shows (text, tooltip, icon): the same in the window, the menu and the toolbar. */
    private record Looks(String text, String tip, Icon icon, boolean withoutSession) { }

    private static final Map<String, Looks> LOOKS = Map.ofEntries(
            Map.entry(ANALYZE, new Looks("Analyze Performance\u2026",
                    "Choose what to profile (entire application, part of it, startup, CPU sampling), then attach or launch",
                    ProfileIcons.ANALYZE, true)),
            Map.entry(ATTACH, new Looks("Attach", "Start a session in the selected JVM with the settings shown (the last used)",
                    ProfileIcons.ATTACH, false)),
            Map.entry(CHANGE, new Looks("Change Settings\u2026",
                    "Give the running session other settings: it re-instruments and starts its results afresh",
                    ProfileIcons.CHANGE, false)),
            Map.entry(LAUNCH, new Looks("Launch\u2026", "Start a Java program with a session of the last used settings",
                    ProfileIcons.LAUNCH, true)),
            Map.entry(DEMO, new Looks("Profile Demo",
                    "Run the bundled order-processing demo with a Total session; its snapshot opens when it ends",
                    ProfileIcons.DEMO, true)),
            Map.entry(RESET, new Looks("Reset Collected Results", "Clear what was recorded so far; instrumentation stays",
                    ProfileIcons.RESET, false)),
            Map.entry(SNAPSHOT, new Looks("Take Snapshot", "Write what was recorded so far and open it",
                    ProfileIcons.SNAPSHOT, false)),
            Map.entry(LIVE, new Looks("Live Results", "The session's call tree and hot spots as they grow",
                    ProfileIcons.LIVE, false)),
            Map.entry(TELEMETRY, new Looks("Telemetry", "Heap, CPU load, GC time, threads and calls recorded, as live charts",
                    ProfileIcons.TELEMETRY, false)),
            Map.entry(STOP, new Looks("Stop", "Calls are not recorded until Start; probes stay", ProfileIcons.STOP, false)),
            Map.entry(START, new Looks("Start", "Record again", ProfileIcons.START, false)),
            Map.entry(DETACH, new Looks("Detach", "Restore the original bytecode; the session ends", ProfileIcons.DETACH, false)));

    private static SessionCommands current;
    private static final List<WeakReference<Runnable>> followers = new ArrayList<>();

    private final Map<String, Action> actions = new LinkedHashMap<>();

    /** Command {@code key} does {@code run}; it shows as {@link #LOOKS} says. */
    Action add(String key, Runnable run) {
        Looks looks = LOOKS.get(key);
        Action a = new AbstractAction(looks.text(), looks.icon()) {
            @Override public void actionPerformed(java.awt.event.ActionEvent e) { run.run(); }
        };
        a.putValue(Action.SHORT_DESCRIPTION, looks.tip());
        a.putValue(Action.ACTION_COMMAND_KEY, key);
        actions.put(key, a);
        return a;
    }

    Action get(String key) {
        return actions.get(key);
    }

    /**
     * A menu item of command {@code key} shown before any JVMs window made its actions: its looks, enabled when the
     * command needs no session (Analyze Performance, Launch, Profile Demo).
     */
    static void describe(Action item, String key) {
        Looks looks = LOOKS.get(key);
        item.putValue(Action.NAME, looks.text());
        item.putValue(Action.SHORT_DESCRIPTION, looks.tip());
        item.putValue(Action.SMALL_ICON, looks.icon());
        item.setEnabled(looks.withoutSession());
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
