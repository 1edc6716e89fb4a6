package org.candor.ui.model.analyze;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.prefs.BackingStoreException;
import java.util.prefs.Preferences;

/**
 * Analyze Performance settings kept under names the user gives, and the last ones used, in a preferences node (the
 * app passes its module's node). A name is any non-blank text up to {@value #MAX_NAME} characters.
 */
public final class Configurations {

    /** The settings used last, kept apart from the named ones. */
    static final String LAST = "last used";
    static final int MAX_NAME = 60;
    private static final String NAME = "name";

    private final Preferences root;

    public Configurations(Preferences root) {
        this.root = root;
    }

    /** The named configurations, sorted without regard to case. */
    public List<String> names() {
        List<String> out = new ArrayList<>();
        for (Preferences node : entries()) out.add(node.get(NAME, ""));
        out.sort(String.CASE_INSENSITIVE_ORDER);
        return out;
    }

    /** A named configuration, or null when there is none by that name. */
    public AnalyzeSettings load(String name) {
        Preferences node = entry(name);
        try {
            return node == null ? null : read(node);
        } catch (BackingStoreException e) {
            return null;
        }
    }

    /** Keeps {@code settings} under {@code name}, replacing one of that name. */
    public void save(String name, AnalyzeSettings settings) {
        String problem = nameProblem(name);
        if (problem != null) throw new IllegalArgumentException(problem);
        Preferences node = entry(name.trim());
        if (node == null) {
            int n = 1;
            try {
                while (named().nodeExists(Integer.toString(n))) n++;
            } catch (BackingStoreException e) {
                n = (int) (System.nanoTime() & 0x7fffffff);
            }
            node = named().node(Integer.toString(n));
        }
        node.put(NAME, name.trim());
        write(node, settings);
    }

    public void delete(String name) {
        Preferences node = entry(name);
        try {
            if (node != null) node.removeNode();
            named().flush();
        } catch (BackingStoreException e) {
            // nothing more to do: gone from this run at least
        }
    }

    /** The settings used last; the defaults before any. */
    public AnalyzeSettings last() {
        try {
            return root.nodeExists(LAST) ? read(root.node(LAST)) : AnalyzeSettings.defaults();
        } catch (BackingStoreException e) {
            return AnalyzeSettings.defaults();
        }
    }

    public void saveLast(AnalyzeSettings settings) {
        write(root.node(LAST), settings);
    }

    /** Why {@code name} cannot name a configuration, or null. */
    public static String nameProblem(String name) {
        if (name == null || name.isBlank()) return "A configuration needs a name";
        if (name.trim().length() > MAX_NAME) return "A configuration's name has at most " + MAX_NAME + " characters";
        return null;
    }

    private Preferences named() {
        return root.node("named");
    }

    private static AnalyzeSettings read(Preferences node) throws BackingStoreException {
        Map<String, String> m = new HashMap<>();
        for (String key : node.keys()) if (!key.equals(NAME)) m.put(key, node.get(key, ""));
        return AnalyzeSettings.fromMap(m);
    }

    private static void write(Preferences node, AnalyzeSettings settings) {
        for (Map.Entry<String, String> e : settings.toMap().entrySet()) node.put(e.getKey(), e.getValue());
        try {
            node.flush();
        } catch (BackingStoreException e) {
            // kept in memory for this run; the platform flushes again at exit
        }
    }

    /** Each configuration is a numbered node with its name inside: node names are short and may not hold '/'. */
    private List<Preferences> entries() {
        List<Preferences> out = new ArrayList<>();
        try {
            for (String child : named().childrenNames()) out.add(named().node(child));
        } catch (BackingStoreException e) {
            // none readable
        }
        return out;
    }

    private Preferences entry(String name) {
        for (Preferences node : entries()) if (node.get(NAME, "").equals(name == null ? "" : name.trim())) return node;
        return null;
    }
}
