package org.candor.agent.scheme;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.candor.agent.filter.NamePattern;

/**
 * The root methods of a Lazy or Eager session, by pattern: one method ({@code com.acme.Server.handle}, or with
 * parameters {@code com.acme.Server.handle(*)}), every method of a class ({@code com.acme.Server.*} or
 * {@code com.acme.Server}), or of a package ({@code com.acme.**}). Only calls made while a thread is inside a root
 * are recorded.
 */
public final class RootMethods {

    private final List<NamePattern> patterns;

    public RootMethods(List<String> texts) {
        List<NamePattern> out = new ArrayList<>();
        for (String t : texts) out.add(NamePattern.parse(t));
        this.patterns = Collections.unmodifiableList(out);
    }

    public boolean isEmpty() { return patterns.isEmpty(); }

    List<NamePattern> patterns() { return patterns; }

    /** Whether some methods of this class may be roots (so a loaded class must be instrumented at start). */
    public boolean mayMatchClass(String className) {
        for (NamePattern p : patterns) if (p.matchesClass(className) || p.mayMatchMethodsOf(className)) return true;
        return false;
    }

    public boolean matches(String className, String name, String descriptor) {
        if (name.equals("<clinit>")) return false;
        for (NamePattern p : patterns) {
            if (p.matchesMethod(className, name, descriptor)) return true;
        }
        return false;
    }

    @Override
    public String toString() {
        List<String> t = new ArrayList<>();
        for (NamePattern p : patterns) t.add(p.text());
        return String.join(",", t);
    }
}
