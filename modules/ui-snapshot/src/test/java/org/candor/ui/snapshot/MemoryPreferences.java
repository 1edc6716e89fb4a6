package org.candor.ui.snapshot;

import java.util.HashMap;
import java.util.Map;
import java.util.prefs.AbstractPreferences;
import java.util.prefs.Preferences;
import org.openide.util.NbPreferences;
import org.openide.util.lookup.ServiceProvider;

/**
 * Preferences held in memory for this module's tests, also as NbPreferences' provider: outside the application
 * NbPreferences would write into the user's own Java preferences.
 */
@ServiceProvider(service = NbPreferences.Provider.class)
public final class MemoryPreferences implements NbPreferences.Provider {

    private static final Node ROOT = new Node(null, "");

    @SuppressWarnings("rawtypes")  // the interface takes a raw Class
    @Override public Preferences preferencesForModule(Class cls) {
        return ROOT.node(cls.getPackageName().replace('.', '/'));
    }

    @Override public Preferences preferencesRoot() {
        return ROOT;
    }

    /** A fresh node of its own, for a test that wants nothing left by another. */
    static Preferences fresh() {
        return new Node(null, "");
    }

    private static final class Node extends AbstractPreferences {
        private final Map<String, String> values = new HashMap<>();
        private final Map<String, Node> children = new HashMap<>();

        Node(Node parent, String name) {
            super(parent, name);
        }

        @Override protected void putSpi(String key, String value) { values.put(key, value); }
        @Override protected String getSpi(String key) { return values.get(key); }
        @Override protected void removeSpi(String key) { values.remove(key); }
        @Override protected void removeNodeSpi() { }
        @Override protected String[] keysSpi() { return values.keySet().toArray(new String[0]); }
        @Override protected String[] childrenNamesSpi() { return children.keySet().toArray(new String[0]); }
        @Override protected AbstractPreferences childSpi(String name) { return children.computeIfAbsent(name, n -> new Node(this, n)); }
        @Override protected void syncSpi() { }
        @Override protected void flushSpi() { }
    }
}
