package org.candor.probe;

/**
 * Runtime calibration (JPROF): the probes read the clock twice per event, once on arrival and once before they
 * return, so their own processing is measured and removed exactly. What is left between two events, the
 * <em>section</em>, holds the program's code plus a residual probe overhead that cannot be measured (the return
 * from the previous probe, the call into this one). Its smallest value per category is that overhead plus the
 * language overhead (code the program runs anyway, such as a call); each section is corrected by
 * {@code min - floor} when it happens, and a node keeps only its total correction.
 *
 * <p>A category is the previous event (entry or exit) with the kind of the method it came from, the kind of the
 * method that owns the section, this event and the kind of the method it goes to: {@code x -Ev1-> y -Ev2-> z}.
 * Minima are shared by all threads; racy updates only ever lose a smaller value, which a later event finds again.
 */
public final class Calibration {

    public static final int MODE = CalibrationSettings.mode;
    static final boolean ON = MODE != CalibrationSettings.OFF;

    public static final int ENTRY = 1;
    public static final int EXIT = 2;
    public static final int CATEGORIES = 2 * MethodKinds.COUNT * MethodKinds.COUNT * 2 * MethodKinds.COUNT;
    /** A category's minimum is applied once it was seen this often; before that its sections stay raw. */
    public static final int CONFIDENT = 32;

    static final long[] MIN = filled(Long.MAX_VALUE);
    static final long[] FLOOR = new long[CATEGORIES];
    static final int[] SEEN = new int[CATEGORIES];
    /** Categories whose correction came from the trainer: the run does not lower them. */
    static final boolean[] LOCKED = new boolean[CATEGORIES];
    /** Whether this is the trainer's run, which keeps exact section counts (see {@link ExactSections}). */
    static final boolean TRAINER = CalibrationSettings.trainer;
    /** The smallest minimum of any category whose section belongs to a method of this kind. */
    static final long[] OWNER_MIN = {Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE};
    /**
     * A category's correction never exceeds this many times {@link #OWNER_MIN} of its owner kind: a minimum far
     * above the other categories' is program work (the program never made a minimal call of that kind), not probe
     * overhead. The trainer ({@code candor calibrate}) finds true minima for every category.
     */
    static final int OWNER_CAP_FACTOR = 3;

    private static final Object LOCK = new Object();
    private static volatile int warmup = CalibrationSettings.warmupCount == 0 ? Warmup.DONE : Warmup.WAITING;
    private static long warmupEvents;

    private Calibration() {}

    /** The phases of the warm-up. */
    public static final class Warmup {
        public static final int WAITING = 0;
        public static final int ACTIVE = 1;
        public static final int DONE = 2;
        private Warmup() {}
    }

    static int category(int previousEvent, int fromKind, int ownerKind, int event, int toKind) {
        return (((((previousEvent - 1) * MethodKinds.COUNT + fromKind) * MethodKinds.COUNT + ownerKind) * 2
                + (event - 1)) * MethodKinds.COUNT) + toKind;
    }

    /** The correction for one section; {@code learn} is false where the section is not a plain call or return. */
    static long correct(int category, int ownerKind, long section, boolean learn) {
        if (section < 0) return 0;
        long[] min = MIN;
        if (learn && section < min[category] && !LOCKED[category]
                && (MODE == CalibrationSettings.RUNTIME || warmup != Warmup.DONE)) {
            min[category] = section;
            if (section < OWNER_MIN[ownerKind]) OWNER_MIN[ownerKind] = section;
        }
        int[] seen = SEEN;
        if (seen[category] < CONFIDENT) {
            seen[category]++;
            return 0;
        }
        return correction(category, ownerKind, section);
    }

    private static long correction(int category, int ownerKind, long section) {
        long m = MIN[category];
        long cap = OWNER_MIN[ownerKind] * OWNER_CAP_FACTOR;
        if (cap > 0 && m > cap) m = cap;
        long c = m - FLOOR[category];
        return c <= 0 ? 0 : (c < section ? c : section);
    }

    /** The correction a section of this category gets now (ticks), or -1 while the category is not trusted yet. */
    public static long currentCorrection(int category) {
        if (SEEN[category] < CONFIDENT || MIN[category] == Long.MAX_VALUE) return -1;
        return correction(category, ownerKind(category), Long.MAX_VALUE);
    }

    // The parts of a category, the inverse of category(): previousEvent, fromKind, ownerKind, event, toKind.
    static int toKind(int category) { return category % MethodKinds.COUNT; }
    static int event(int category) { return (category / MethodKinds.COUNT) % 2 + 1; }
    static int ownerKind(int category) { return (category / (2 * MethodKinds.COUNT)) % MethodKinds.COUNT; }
    static int fromKind(int category) { return (category / (2 * MethodKinds.COUNT * MethodKinds.COUNT)) % MethodKinds.COUNT; }
    static int previousEvent(int category) { return category / (2 * MethodKinds.COUNT * MethodKinds.COUNT * MethodKinds.COUNT) + 1; }

    /** Called by each thread every {@code events} entry/exit events; moves the warm-up along. */
    static void countEvents(long events) {
        int w = warmup;
        if (w == Warmup.DONE) return;
        synchronized (LOCK) {
            if (warmup == Warmup.WAITING) {
                if (MethodKinds.compilations() >= CalibrationSettings.warmupDelay) warmup = Warmup.ACTIVE;
                return;
            }
            if (warmup == Warmup.ACTIVE) {
                warmupEvents += events;
                if (warmupEvents >= CalibrationSettings.warmupCount) warmup = Warmup.DONE;
            }
        }
    }

    /** Whether minima can still change: always at runtime, until the warm-up ends when frozen. */
    static boolean learning() {
        return MODE == CalibrationSettings.RUNTIME || warmup != Warmup.DONE;
    }

    public static int warmupPhase() { return warmup; }
    public static long warmupEvents() { synchronized (LOCK) { return warmupEvents; } }

    /** Minima from an earlier run (calibration statistics file), in ticks; applied at once. */
    public static void preload(long[] minima, long[] floors, boolean fromTrainer) {
        if (minima.length != CATEGORIES || floors.length != CATEGORIES) throw new IllegalArgumentException("categories");
        for (int i = 0; i < CATEGORIES; i++) {
            if (minima[i] >= 0 && (minima[i] < MIN[i] || fromTrainer)) {
                MIN[i] = minima[i];
                SEEN[i] = CONFIDENT;
                LOCKED[i] = fromTrainer;
                int owner = ownerKind(i);
                if (minima[i] < OWNER_MIN[owner]) OWNER_MIN[owner] = minima[i];
            }
            if (floors[i] > 0) FLOOR[i] = floors[i];
        }
    }

    /**
     * The language overhead: what a call costs without any instrumentation, in ticks, by the kinds of caller and
     * callee ({@code cost[caller][callee]}, interpreted and compiled; others cost nothing). Half is taken as the
     * invoke, half as the return. It is the floor of each category's correction: a section from an entry to the
     * next entry holds the owner's invoke of the callee, exit to exit the return into the owner, exit to entry
     * both, entry to exit neither.
     */
    public static void setCallCosts(long[][] cost) {
        for (int c = 0; c < CATEGORIES; c++) {
            int owner = ownerKind(c);
            long invoke = event(c) == ENTRY ? half(cost, owner, toKind(c)) : 0;
            long ret = previousEvent(c) == EXIT ? half(cost, owner, fromKind(c)) : 0;
            FLOOR[c] = invoke + ret;
        }
    }

    private static long half(long[][] cost, int caller, int callee) {
        if (caller >= cost.length || callee >= cost[caller].length) return 0;
        return Math.max(0, cost[caller][callee] / 2);
    }

    /** The current minima in ticks; {@link Long#MAX_VALUE} where a category was never seen. */
    public static long[] minima() { return MIN.clone(); }
    public static long[] floors() { return FLOOR.clone(); }

    public static String categoryName(int category) {
        return MethodKinds.name(fromKind(category)) + eventName(previousEvent(category))
                + MethodKinds.name(ownerKind(category)) + eventName(event(category)) + MethodKinds.name(toKind(category));
    }

    private static String eventName(int event) { return event == ENTRY ? "-En-" : "-Ex-"; }

    private static long[] filled(long v) {
        long[] a = new long[CATEGORIES];
        for (int i = 0; i < a.length; i++) a[i] = v;
        return a;
    }
}
