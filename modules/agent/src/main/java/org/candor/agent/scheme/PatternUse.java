package org.candor.agent.scheme;

import java.lang.instrument.Instrumentation;
import java.util.ArrayList;
import java.util.List;
import org.candor.agent.AgentLog;
import org.candor.agent.filter.NamePattern;
import org.candor.core.analysis.PatternWarnings;
import org.candor.core.model.SnapshotInfo;

/**
 * Which of a session's include and root patterns have matched what the program loaded, so that one that matches
 * nothing (a typo: the profile comes out empty) is said once on stderr, as soon as that is known, and recorded in
 * every snapshot ({@link PatternWarnings}, which words it). An include matches by class name, any class that loads;
 * a root when a method gets its root probe. A root that names one class (its class part has no wildcard) is known
 * to match nothing when that class loads without such a method; every other pattern only when the program ends.
 */
final class PatternUse {

    // arrays, not collections: this runs inside the load hook, where an iterator class loading for the first time
    // would load through the hook itself (ClassCircularityError)
    private final NamePattern[] includes;
    private final NamePattern[] roots;
    /** Per pattern; set once, never cleared: a stale false read costs one more match, nothing else. */
    private final boolean[] includeMatched;
    private final boolean[] rootMatched;
    private final boolean[] includeSaid;
    private final boolean[] rootSaid;
    private volatile int includesLeft;
    private final Thread atExit = new Thread(this::sayUnmatched, "candor-unmatched-patterns");
    private volatile boolean waitingForExit;

    PatternUse(List<NamePattern> includes, List<NamePattern> roots) {
        this.includes = includes.toArray(new NamePattern[0]);
        this.roots = roots.toArray(new NamePattern[0]);
        includeMatched = new boolean[this.includes.length];
        rootMatched = new boolean[this.roots.length];
        includeSaid = new boolean[this.includes.length];
        rootSaid = new boolean[this.roots.length];
        includesLeft = this.includes.length;
    }

    /** Counts the classes loaded before the agent, and says at exit what never matched. */
    void start(Instrumentation inst) {
        if (includesLeft > 0) for (Class<?> c : inst.getAllLoadedClasses()) loaded(c.getName());
        if (includes.length + roots.length == 0) return;
        try {
            Runtime.getRuntime().addShutdownHook(atExit);
            waitingForExit = true;
        } catch (IllegalStateException | IllegalArgumentException shuttingDown) {
            // exiting already, or started twice: nothing more to wait for
        }
    }

    /** The session ends otherwise (new settings, detach): it will not say anything at exit. */
    void stop() {
        if (!waitingForExit) return;
        waitingForExit = false;
        try {
            Runtime.getRuntime().removeShutdownHook(atExit);
        } catch (IllegalStateException shuttingDown) {
            // the hook runs or ran: fine
        }
    }

    /** A class loads (or is retransformed), whether the filters pass it or not. */
    void loaded(String className) {
        if (includesLeft == 0) return;
        for (int i = 0; i < includes.length; i++) {
            if (includeMatched[i]) continue;
            NamePattern p = includes[i];
            if (p.matchesClass(className) || p.mayMatchMethodsOf(className)) matched(i);
        }
    }

    private synchronized void matched(int include) {
        if (includeMatched[include]) return;
        includeMatched[include] = true;
        includesLeft--;
    }

    /** A method got a root probe. */
    void rootChosen(String className, String name, String descriptor) {
        for (int i = 0; i < roots.length; i++) {
            if (!rootMatched[i] && roots[i].matchesMethod(className, name, descriptor)) rootMatched[i] = true;
        }
    }

    /** A class's methods were all offered as roots: a root that names only this class and matched none never will. */
    void rootsOffered(String className) {
        for (int i = 0; i < roots.length; i++) {
            if (!rootMatched[i] && roots[i].namesMethodsOf(className)) sayRoot(i);
        }
    }

    void addTo(SnapshotInfo info) {
        List<String> i = unmatched(includes, includeMatched);
        if (!i.isEmpty()) info.put(PatternWarnings.INCLUDE, PatternWarnings.join(i));
        List<String> r = unmatched(roots, rootMatched);
        if (!r.isEmpty()) info.put(PatternWarnings.ROOT, PatternWarnings.join(r));
    }

    private synchronized void sayUnmatched() {
        for (int i = 0; i < includes.length; i++) {
            if (includeMatched[i] || includeSaid[i]) continue;
            includeSaid[i] = true;
            AgentLog.warn(PatternWarnings.include(includes[i].text()));
        }
        for (int i = 0; i < roots.length; i++) if (!rootMatched[i]) sayRoot(i);
    }

    private synchronized void sayRoot(int i) {
        if (rootSaid[i]) return;
        rootSaid[i] = true;
        AgentLog.warn(PatternWarnings.root(roots[i].text()));
    }

    /** In the order they were given. */
    private static List<String> unmatched(NamePattern[] all, boolean[] matched) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < all.length; i++) if (!matched[i]) out.add(all[i].text());
        return out;
    }
}
