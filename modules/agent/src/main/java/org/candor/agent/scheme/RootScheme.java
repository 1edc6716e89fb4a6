package org.candor.agent.scheme;

import java.lang.instrument.Instrumentation;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import org.candor.agent.filter.ClassFilter;
import org.candor.agent.instrument.MethodChoice;
import org.candor.agent.instrument.ProbeKind;
import org.candor.core.model.Snapshot;
import org.candor.core.model.SnapshotInfo;
import org.candor.probe.FirstRun;
import org.objectweb.asm.ClassReader;

/**
 * What the Lazy and Eager schemes share: root methods get {@link ProbeKind#ROOT} probes; a method becomes
 * <em>wanted</em> (and gets {@link ProbeKind#INNER} probes) when an instrumented method is <em>expanded</em>, that
 * is when what it may call is instrumented in turn. The two schemes differ in when a method is expanded: Lazy at its
 * first run inside a root, Eager as soon as it is instrumented.
 *
 * <p>Expanding a call site of class C's method m wants the code that runs for a receiver ({@link Implementations}:
 * its own m, else the nearest superclass's, else an interface's default method):
 * <ul>
 *   <li>for C itself;</li>
 *   <li>for a virtual or interface call, also for every loaded class below C, and for every class below C that
 *       loads later (a <em>watch</em>, checked as each class loads). That code may sit in a class that is not below
 *       C at all: PMD's {@code JavaVisitorBase} implements {@code JavaVisitor} with the {@code visitNode} it
 *       inherits from {@code AstVisitorBase}, which does not;</li>
 *   <li>the target of a lambda or method reference, and constructors, like any other call.</li>
 * </ul>
 * A wanted method in a class already loaded gets its probes by retransformation; in a class not loaded yet, as it
 * loads; the load hook cannot retransform, so a method of a loaded class wanted as another class loads is
 * retransformed by an agent thread ({@link SchemeWorker}) soon after, and at the latest at the next expansion. A
 * lambda's proxy class is a hidden class, defined before the method it is passed to runs and never
 * retransformable, so its few forwarding methods are all instrumented as it is defined (recorded inside roots only). Filters apply throughout: a class or method they exclude is never wanted.
 *
 * <p>The transformer path ({@link #choose}) takes no lock (it runs inside class loading); expansion runs under one
 * lock and publishes wanted methods before it looks for loaded classes, while the transformer registers a class as
 * loaded before it reads what is wanted, so a class loading during an expansion is never missed.
 */
abstract class RootScheme implements Scheme, FirstRun.Hook {

    private static final Set<String> EMPTY = Collections.emptySet();

    final ClassFilter filter;
    final RootMethods roots;
    private final PatternUse patterns;
    private final TypeHierarchy types = new TypeHierarchy();
    /** Class to the methods (name + descriptor) instrumented besides its roots. */
    private final ConcurrentHashMap<String, Set<String>> wanted = new ConcurrentHashMap<>();
    /** Type to the methods called on it virtually: their code for classes below it that load later is wanted. */
    private final ConcurrentHashMap<String, Set<String>> watched = new ConcurrentHashMap<>();
    /** Class to the methods with code it declares, once its class file was seen. */
    private final ConcurrentHashMap<String, Set<String>> declared = new ConcurrentHashMap<>();
    private final Implementations implementations = new Implementations(types, declared);
    /** Methods of loaded classes wanted by the load hook, which cannot retransform: the next expansion's. */
    private final ConcurrentLinkedQueue<LoadWant> loadWants = new ConcurrentLinkedQueue<>();
    private final SchemeWorker worker = new SchemeWorker("candor-" + name(), this::drain);
    /** Class to its bridge methods' call sites: a bridge gets no probe, so wanting it wants its target at once. */
    private final ConcurrentHashMap<String, Map<String, Set<CallSite>>> bridges = new ConcurrentHashMap<>();
    /** Classes loaded (or loading) that pass the filter. */
    private final ConcurrentHashMap<String, LoadedRefs> loaded = new ConcurrentHashMap<>();
    /** Instrumented methods not expanded yet: their call sites and their class's loader. */
    private final ConcurrentHashMap<Integer, Pending> pending = new ConcurrentHashMap<>();
    private final Set<Integer> expanded = ConcurrentHashMap.newKeySet();
    private final Set<Integer> rootIds = ConcurrentHashMap.newKeySet();
    /** Lazy look-ahead: levels of callees expanded ahead of their first run (0: none, the seed's Lazy). */
    private final int lookahead;
    /** With look-ahead: every scanned class's call sites, and methods expanded before they were instrumented. */
    private final ConcurrentHashMap<String, Map<String, Set<CallSite>>> classSites = new ConcurrentHashMap<>();
    private final Set<String> preExpanded = ConcurrentHashMap.newKeySet();
    final Object expansionLock = new Object();

    private final AtomicLong expansions = new AtomicLong();
    private final AtomicLong expansionNanos = new AtomicLong();
    private final AtomicLong classesRetransformed = new AtomicLong();
    private Instrumentation inst;

    private static final class LoadWant {
        final String className;
        final String method;
        final WeakReference<ClassLoader> loader;

        LoadWant(String className, String method, ClassLoader loader) {
            this.className = className;
            this.method = method;
            this.loader = new WeakReference<>(loader);
        }
    }

    private static final class Pending {
        final Set<CallSite> sites;
        final WeakReference<ClassLoader> loader;

        Pending(Set<CallSite> sites, ClassLoader loader) {
            this.sites = sites;
            this.loader = new WeakReference<>(loader);
        }
    }

    RootScheme(ClassFilter filter, RootMethods roots, int lookahead) {
        this.filter = filter;
        this.roots = roots;
        this.lookahead = lookahead;
        this.patterns = new PatternUse(filter.includes(), roots.patterns());
    }

    abstract String name();

    /** A method just got probes and has not been expanded yet. */
    abstract void notExpanded(int methodId);

    /** Instrumented methods waiting for {@link #drain} to expand them: Eager's; Lazy expands at first run. */
    Collection<Integer> queued() {
        return Collections.emptyList();
    }

    /** Wakes the agent thread, which drains what waits. */
    final void wakeWorker() {
        worker.wake();
    }

    @Override
    public void start(Instrumentation inst, Collection<Class<?>> stale) {
        this.inst = inst;
        FirstRun.install(this);
        worker.start();
        patterns.start(inst);
        List<Class<?>> withRoots = new ArrayList<>();
        for (Class<?> c : LoadedClasses.modifiable(inst)) {
            String n = c.getName();
            if (filter.decide(n) == ClassFilter.Decision.SKIP) continue;
            types.record(c);
            loaded.computeIfAbsent(n, k -> new LoadedRefs()).add(c);
            if (roots.mayMatchClass(n)) withRoots.add(c);
        }
        for (String n : loaded.keySet()) types.index(n, null);
        LoadedClasses.retransform(inst, LoadedClasses.union(withRoots, stale));
    }

    @Override
    public void stop() {
        FirstRun.install(null);
        worker.stop();
        patterns.stop();
    }

    @Override
    public void loaded(String className) {
        patterns.loaded(className);
    }

    @Override
    public MethodChoice choose(String className, ClassLoader loader, Class<?> redefined, byte[] classFile,
                               ClassFilter.Decision decision) {
        LoadedRefs refs = loaded.computeIfAbsent(className, k -> new LoadedRefs());
        if (redefined != null) refs.add(redefined); else refs.add(loader);
        ClassReader reader = new ClassReader(classFile);
        types.record(className, dotted(reader.getSuperName()), dotted(reader.getInterfaces()));
        Set<String> supertypes = types.index(className, loader);
        Set<String> bridgeMethods = new HashSet<>();
        Map<String, Set<CallSite>> sites = CallSites.scan(reader, bridgeMethods);
        declared.put(className, Collections.unmodifiableSet(new LinkedHashSet<>(sites.keySet())));
        Map<String, Set<CallSite>> classBridges = noteBridges(className, bridgeMethods, sites);
        if (lookahead > 0) classSites.put(className, sites);

        Map<String, ProbeKind> kinds = new HashMap<>();
        Set<String> want = wanted.getOrDefault(className, EMPTY);
        Set<String> watchedHere = watchedOn(supertypes);
        boolean lambdaProxy = className.contains("$$Lambda");
        for (String m : sites.keySet()) {
            String name = nameOf(m);
            String descriptor = descriptorOf(m);
            if (name.equals("<clinit>") || !allowed(className, decision, m)) continue;
            if (roots.matches(className, name, descriptor)) {
                kinds.put(m, ProbeKind.ROOT);
                patterns.rootChosen(className, name, descriptor);
            } else if (want.contains(m) || lambdaProxy) {
                kinds.put(m, ProbeKind.INNER);
            } else if (watchedHere.contains(m)) {
                kinds.put(m, ProbeKind.INNER);
                addWanted(className, m);
            }
        }
        patterns.rootsOffered(className);
        wantInherited(className, loader, watchedHere, sites.keySet());
        chooseBridgeTargets(className, decision, sites, classBridges, kinds);
        closeWithinClass(className, decision, sites, kinds);
        if (kinds.isEmpty()) return null;
        return new MethodChoice() {
            @Override
            public ProbeKind kindOf(String name, String descriptor) {
                return kinds.get(name + descriptor);
            }

            @Override
            public void instrumented(int methodId, String name, String descriptor, ProbeKind kind) {
                if (kind == ProbeKind.ROOT) rootIds.add(methodId);
                if (expanded.contains(methodId)) return;
                if (preExpanded.remove(className + '.' + name + descriptor)) {
                    expanded.add(methodId);
                    return;
                }
                Set<CallSite> s = sites.get(name + descriptor);
                pending.put(methodId, new Pending(s == null ? Collections.emptySet() : s, loader));
                notExpanded(methodId);
            }
        };
    }

    /** The methods called virtually on any of these types. */
    private Set<String> watchedOn(Set<String> types) {
        Set<String> out = null;
        for (String t : types) {
            Set<String> w = watched.get(t);
            if (w == null) continue;
            if (out == null) out = new HashSet<>();
            out.addAll(w);
        }
        return out == null ? EMPTY : out;
    }

    /**
     * A class loading below a watched type without its own code for a watched method runs inherited code: the
     * nearest superclass's (which need not be below the type) or an interface's default method.
     */
    private void wantInherited(String className, ClassLoader loader, Set<String> watchedHere, Set<String> own) {
        for (String m : watchedHere) {
            if (own.contains(m)) continue;
            for (String c : implementations.of(className, m, loader)) {
                if (!c.equals(className)) wantFromLoadHook(c, m, loader);
            }
        }
    }

    /**
     * Wants a method of another class from the load hook: a class not loaded yet gets its probes as it loads; a loaded
     * one waits for the next expansion (the agent thread's, woken now, or a first run's) to be retransformed.
     */
    private void wantFromLoadHook(String className, String method, ClassLoader loader) {
        if (!wantable(className, method)) return;
        Set<String> w = wanted.computeIfAbsent(className, k -> ConcurrentHashMap.newKeySet());
        if (w.contains(method)) return;
        if (!loaded.containsKey(className)) {
            w.add(method);
            // a class registers as loaded before it reads what is wanted: only one that registered meanwhile can miss it
            if (!loaded.containsKey(className)) return;
        }
        loadWants.add(new LoadWant(className, method, loader));
        worker.wake();
    }

    /** Expands what waits (queued methods, methods wanted by the load hook) until nothing does. */
    final void drain() {
        synchronized (expansionLock) {
            while (true) {
                Collection<Integer> ids = queued();
                if (ids.isEmpty() && loadWants.isEmpty()) return;
                expand(ids);
            }
        }
    }

    /** Eager: the methods of this class that chosen ones call on it are chosen too (saves retransforming it). */
    void closeWithinClass(String className, ClassFilter.Decision decision, Map<String, Set<CallSite>> sites,
                          Map<String, ProbeKind> kinds) {}

    /** Whether the filter lets this class's method be instrumented. */
    final boolean allowed(String className, ClassFilter.Decision decision, String method) {
        return decision != ClassFilter.Decision.SKIP && (decision != ClassFilter.Decision.SOME_METHODS
                || filter.includesMethod(className, nameOf(method), descriptorOf(method)));
    }

    final void addWanted(String className, String method) {
        wanted.computeIfAbsent(className, k -> ConcurrentHashMap.newKeySet()).add(method);
    }

    /** A bridge gets no probe, so the method of this class it forwards to is chosen in its place. */
    private void chooseBridgeTargets(String className, ClassFilter.Decision decision, Map<String, Set<CallSite>> sites,
                                     Map<String, Set<CallSite>> classBridges, Map<String, ProbeKind> kinds) {
        if (classBridges.isEmpty()) return;
        for (Map.Entry<String, Set<CallSite>> b : classBridges.entrySet()) {
            if (!kinds.containsKey(b.getKey())) continue;
            for (CallSite c : b.getValue()) chooseCallOnOwnClass(className, decision, sites, kinds, c);
        }
    }

    /**
     * Chooses the method of this class that call site {@code c} names, when it has code here and is not chosen yet;
     * true when it was chosen now.
     */
    final boolean chooseCallOnOwnClass(String className, ClassFilter.Decision decision, Map<String, Set<CallSite>> sites,
                                       Map<String, ProbeKind> kinds, CallSite c) {
        if (!c.owner.equals(className) || kinds.containsKey(c.method) || !sites.containsKey(c.method)) return false;
        if (c.method.startsWith("<clinit>") || !allowed(className, decision, c.method)) return false;
        kinds.put(c.method, ProbeKind.INNER);
        addWanted(className, c.method);
        return true;
    }

    private Map<String, Set<CallSite>> noteBridges(String className, Set<String> bridgeMethods,
                                                   Map<String, Set<CallSite>> sites) {
        if (bridgeMethods.isEmpty()) return Collections.emptyMap();
        Map<String, Set<CallSite>> b = new HashMap<>();
        for (String m : bridgeMethods) b.put(m, sites.get(m));
        bridges.put(className, b);
        return b;
    }

    /**
     * Expands these methods: wants what they may call and retransforms the loaded classes that declare it; first,
     * and again after each retransformation (which may load classes), the methods the load hook wanted.
     */
    final void expand(Collection<Integer> methodIds) {
        long start = System.nanoTime();
        Set<String> toRetransform = new LinkedHashSet<>();
        takeLoadWants(toRetransform);
        List<Integer> done = new ArrayList<>();
        for (int id : methodIds) {
            if (!expanded.add(id)) continue;
            done.add(id);
            Pending p = pending.remove(id);
            if (p == null) continue;
            expansions.incrementAndGet();
            ClassLoader loader = p.loader.get();
            for (CallSite site : p.sites) expandSite(site, loader, toRetransform, 1);
        }
        retransform(toRetransform);
        while (!loadWants.isEmpty()) {
            toRetransform.clear();
            takeLoadWants(toRetransform);
            retransform(toRetransform);
        }
        // only now: a thread that runs one of these methods meanwhile waits in the hook for the retransformation
        for (int id : done) FirstRun.clear(id);
        expansionNanos.addAndGet(System.nanoTime() - start);
    }

    /** Under the expansion lock: the methods the load hook wanted, wanted again here, where retransforming is allowed. */
    private void takeLoadWants(Set<String> toRetransform) {
        for (LoadWant l; (l = loadWants.poll()) != null; ) {
            if (!wantable(l.className, l.method)) continue;
            // wanted already when a class that registered meanwhile may have missed it: retransformed all the same
            wanted.computeIfAbsent(l.className, k -> ConcurrentHashMap.newKeySet()).add(l.method);
            wantAdded(l.className, l.method, l.loader.get(), toRetransform, 1);
        }
    }

    private void expandSite(CallSite site, ClassLoader loader, Set<String> toRetransform, int level) {
        String m = site.method;
        for (String c : implementations.of(site.owner, m, loader)) want(c, m, loader, toRetransform, level);
        if (!site.virtual) return;
        // once per type and method: a class below it that loads later finds the watch (choose), whichever comes first
        if (!watched.computeIfAbsent(site.owner, k -> ConcurrentHashMap.newKeySet()).add(m)) return;
        for (String below : types.below(site.owner)) {
            for (String c : implementations.of(below, m, loader)) want(c, m, loader, toRetransform, level);
        }
    }

    private boolean wantable(String className, String method) {
        return !method.startsWith("<clinit>") && allowed(className, filter.decide(className), method);
    }

    private void want(String className, String method, ClassLoader loader, Set<String> toRetransform, int level) {
        if (!wantable(className, method)) return;
        if (wanted.computeIfAbsent(className, k -> ConcurrentHashMap.newKeySet()).add(method)) {
            wantAdded(className, method, loader, toRetransform, level);
        }
    }

    /** A method just wanted: a bridge's targets in its place; else its class retransformed if loaded. */
    private void wantAdded(String className, String method, ClassLoader loader, Set<String> toRetransform, int level) {
        Map<String, Set<CallSite>> b = bridges.get(className);
        Set<CallSite> bridgeSites = b == null ? null : b.get(method);
        if (bridgeSites != null) {
            for (CallSite s : bridgeSites) expandSite(s, loader, toRetransform, level);
            return;
        }
        if (loaded.containsKey(className)) toRetransform.add(className);
        lookAhead(className, method, loader, toRetransform, level);
    }

    /**
     * Expands a method just wanted before it runs, so its own first run needs no retransformation of its callees'
     * classes: fewer, larger retransformations (the JVM's cost is per retransformation, not per class) for some
     * methods instrumented that never run.
     */
    private void lookAhead(String className, String method, ClassLoader loader, Set<String> toRetransform, int level) {
        if (level > lookahead) return;
        Map<String, Set<CallSite>> known = classSites.get(className);
        Set<CallSite> calls = known == null ? null : known.get(method);
        if (calls == null || !preExpanded.add(className + '.' + method)) return;
        for (CallSite s : calls) expandSite(s, loader, toRetransform, level + 1);
    }

    private void retransform(Set<String> classNames) {
        if (classNames.isEmpty() || inst == null) return;
        List<Class<?>> classes = new ArrayList<>();
        for (String n : classNames) {
            LoadedRefs refs = loaded.get(n);
            if (refs != null) classes.addAll(refs.resolve(n));
        }
        classesRetransformed.addAndGet(classes.size());
        LoadedClasses.retransform(inst, classes);
    }

    @Override
    public void addInfo(SnapshotInfo info) {
        patterns.addTo(info);
    }

    @Override
    public void addStats(Snapshot s) {
        s.putStat("scheme.root_methods", rootIds.size());
        s.putStat("scheme.methods_expanded", expansions.get());
        s.putStat("scheme.expansion_time_ns", expansionNanos.get());
        s.putStat("scheme.classes_retransformed", classesRetransformed.get());
    }

    static String nameOf(String method) {
        return method.substring(0, method.indexOf('('));
    }

    static String descriptorOf(String method) {
        return method.substring(method.indexOf('('));
    }

    private static String dotted(String internalName) {
        return internalName == null ? null : internalName.replace('/', '.');
    }

    private static String[] dotted(String[] internalNames) {
        String[] out = new String[internalNames.length];
        for (int i = 0; i < out.length; i++) out[i] = internalNames[i].replace('/', '.');
        return out;
    }

    @Override
    public String toString() {
        return name() + " scheme, roots " + roots;
    }
}
