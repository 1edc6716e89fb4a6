package org.candor.ui.live;

import java.util.prefs.Preferences;
import org.openide.util.NbPreferences;

/**
 * The attach form's scheme, roots and include patterns, kept between runs of the app (the last ones used); at first
 * the whole application (Total, no roots), which needs nothing typed.
 */
final class AttachSettings {

    final String scheme;
    final String roots;
    final String include;

    AttachSettings(String scheme, String roots, String include) {
        this.scheme = scheme;
        this.roots = roots;
        this.include = include;
    }

    static AttachSettings load() {
        Preferences p = preferences();
        return new AttachSettings(p.get("scheme", "total"), p.get("roots", ""), p.get("include", ""));
    }

    void save() {
        Preferences p = preferences();
        p.put("scheme", scheme);
        p.put("roots", roots);
        p.put("include", include);
    }

    private static Preferences preferences() {
        return NbPreferences.forModule(AttachSettings.class).node("attach");
    }
}
