package org.candor.probe;

import java.lang.ref.WeakReference;

/**
 * One thread's calling-context tree, built in place by the probes of that thread: no locks, no allocation per
 * call. Node 0 is the thread's root; frame k (1-based) of the shadow stack holds the node of the k-th open measured
 * call.
 *
 * <p>Time is kept as <em>self</em> time: each clock reading ends a section of the program, which belongs to the
 * frame on top just before the event, and is added to that frame's node. Totals are sums over subtrees, derived
 * when a snapshot is taken, so a tree stays consistent whatever node a frame is attributed to: its own path, the
 * first open frame of the same method (recursion folded, {@link TreeShape}), or a node that stands for calls
 * beyond the tree's budget.
 *
 * <p>Beside the tree each thread keeps per-method rows ({@link MethodRows}): how many frames of the method are open,
 * and the time it was on the stack (outermost calls only), so that the flat figures stay exact however the tree
 * was folded or cut.
 *
 * <p>Other threads only read this state (snapshots); they see values as of some recent moment, never torn arrays.
 */
public final class ThreadState {

    /** Node row layout in {@link #nodes}: key, calls and method row, raw self ticks, calibration adjustment. */
    static final int KEY = 0;
    static final int WORD = 1;
    static final int SELF = 2;
    static final int ADJUST = 3;
    /** Longs per node: the adjustment only with calibration. */
    static final int W = Calibration.ON ? 4 : 3;
    /** {@link #WORD}: calls above the low 24 bits, the method's row in the low 24 bits. */
    static final int ROW_BITS = 24;
    static final long ROW_MASK = (1L << ROW_BITS) - 1;
    static final long ONE_CALL = 1L << ROW_BITS;
    /** The row of a node without one (the root, a node beyond the budget). */
    static final int NO_ROW = (int) ROW_MASK;

    /** {@link #frameRow} of a frame without a row: the root, or a call made while a delayed start waited. */
    static final int ROW_NONE = -1;
    /** {@link #frameRow} of a dropped call: it counts nowhere, and its callees are dropped too. */
    static final int ROW_DROPPED = -2;
    /** Set in {@link #frameRow} when the frame's node stands for calls beyond the budget: the row keeps its figures. */
    static final int ROW_BEYOND = 1 << 30;

    /**
     * Open measured frames. Instrumented code reads {@link #frame} right after {@link Probe#enter} and hands it
     * back on exit, so an exit closes exactly its own frame and any frame an exception left open above it.
     */
    int depth;

    /**
     * The frame the last {@link #enter} opened, which instrumented code reads right after it and hands back on
     * exit; 0 when that call was not recorded (thread not recorded, outside every root, probes paused, recording
     * stopped), which makes its exit and unwind no-ops. A call made while a delayed start waits opens a frame
     * without a node ({@link #enterUnrecorded}).
     */
    public int frame;

    /** Non-zero while the agent works on this thread's behalf (lazy expansion): its probes record nothing. */
    int paused;

    /**
     * The frame of the outermost open root call (Lazy and Eager), 0 when the thread is inside no root. Inner
     * methods record only while it is set: an open frame that is not a root's (a method still running since a
     * Total session was switched to roots) does not count.
     */
    int rootFrame;

    /**
     * The {@link Recording#control} value this thread records under; never one with {@code STOPPED} set, and -1
     * (which never matches) for a thread that is not recorded or that opened frames while a delayed start waited,
     * so one compare covers all three.
     */
    private int control;
    /** The reset generation this tree belongs to; a snapshot skips a thread still on an older one. */
    private volatile int generation;

    final long threadId;
    final WeakReference<Thread> thread;
    volatile String threadName;
    private final boolean recording;

    /** The nodes, {@link #W} longs each: see {@link #KEY} ... {@link #ADJUST}. */
    long[] nodes;
    /** Written last when a node is added, so a reader that sees the count sees the node. */
    volatile int nodeCount;
    int nodesGranted;
    /** Open-addressing index of (parent, method) to node + 1; 0 means empty. */
    int[] slots;
    int slotsUsed;

    /** The per-method rows beside the tree. */
    final MethodRows rows;
    /** How recursion is folded in this thread's tree. */
    final TreeShape shape;

    /** The node each open frame's time goes to; {@code -2 - methodId} for a call made while a delayed start waited. */
    int[] frameNode;
    /** The method of each open frame. */
    int[] frameMethod;
    /** The row of each open frame's method, or {@link #ROW_NONE} / {@link #ROW_DROPPED}; maybe {@link #ROW_BEYOND}. */
    int[] frameRow;
    /** Where an outermost frame of its method opened (its window's start), for the method's time on the stack. */
    long[] frameStart;
    /** Calibration: {@link #excluded} when an outermost frame of its method opened. */
    long[] frameExcluded;

    /** Where the current section started, as measured (after an entry: its last reading; after an exit: its first). */
    long lastRaw;
    /** Calibration: where the current section started once the probe's own time is taken out (the last reading). */
    long lastOut;
    /** Calibration: the previous event ({@link Calibration#ENTRY}, {@link Calibration#EXIT}; 0 before the first). */
    private int lastEvent;
    /** Calibration: the kind of the method the previous event came from. */
    private int lastFromKind;
    /** Calibration: ticks removed so far on this thread (probe time and corrections); windows take its growth. */
    long excluded;
    private int eventsSinceCount;

    /** Calibration, {@link ProbeTime}: events until the next one that measures its own time. */
    private int untilMeasured = 1;
    /** Events measured while the thread was new (see {@link ProbeTime#FIRST_MEASURED}). */
    int measuredEvents;
    /** The thread's state of {@link ProbeTime#gap}'s random gaps. */
    int gapRandom;
    /** The recent average time (times 16) a measured entry and exit event spent between its two readings. */
    private long entryTime16;
    private long exitTime16;
    /** The current event took a slow path (a new node, grown arrays, a reset...): it is measured, not averaged. */
    private boolean slowEvent;
    /** The current section began at a measured reading, so it may teach the calibration its minima. */
    private boolean exactStart;
    final SectionHistogram sections;
    final ExactSections exactSections;

    /** Calls not counted anywhere (past the depth limit, or no node could be had at all). */
    long droppedCalls;
    /** Calls attributed to the first open frame of their method (recursion folded). */
    long foldedCalls;
    /** Calls counted under a node that stands for calls beyond the tree's budget. */
    long beyondCalls;

    ThreadState(Thread t, boolean recording) {
        this(t, recording, null);
    }

    /**
     * @param spare the state of a thread folded into its group ({@link EndedThreads#spare()}), whose arrays this
     *              one takes, cleared: a thread storm's threads allocate next to nothing; null for new arrays
     */
    ThreadState(Thread t, boolean recording, ThreadState spare) {
        this(t.getId(), t, t.getName(), recording, recording, recording ? spare : null);
    }

    /**
     * The tree of a group of ended threads folded together ({@link EndedThreads}): no thread of its own, never
     * records; only the registry writes it, under its lock.
     */
    static ThreadState group(long id, String name) {
        return new ThreadState(id, null, name, false, true, null);
    }

    /** @param tree whether it keeps a tree (a thread past the thread limit keeps none: its arrays stay minimal) */
    private ThreadState(long id, Thread t, String name, boolean recording, boolean tree, ThreadState spare) {
        this.threadId = id;
        this.thread = new WeakReference<>(t);
        this.threadName = name;
        this.recording = recording;
        this.generation = Recording.generation();
        this.control = recording ? generation << 1 : -1;
        shape = new TreeShape();
        if (spare != null) {
            nodes = spare.nodes;
            for (int i = spare.nodeCount * W - 1; i >= 0; i--) nodes[i] = 0;
            slots = spare.slots;
            for (int i = 0; i < slots.length; i++) slots[i] = 0;
            rows = spare.rows;
            rows.clear();
            frameNode = spare.frameNode;
            frameMethod = spare.frameMethod;
            frameRow = spare.frameRow;
            frameStart = spare.frameStart;
            frameExcluded = spare.frameExcluded;
            sections = spare.sections;
            if (sections != null) sections.clear();
            exactSections = spare.exactSections;
            if (exactSections != null) exactSections.clear();
        } else {
            nodes = new long[(tree ? 64 : 1) * W];
            slots = new int[tree ? 128 : 2];
            rows = new MethodRows();
            int frames = recording ? Math.min(32, ProbeLimits.maxDepth + 1) : 1;
            frameNode = new int[frames];
            frameMethod = new int[frames];
            frameRow = new int[frames];
            frameStart = new long[frames];
            frameExcluded = Calibration.ON ? new long[frames] : null;
            sections = Calibration.ON && tree ? new SectionHistogram() : null;
            exactSections = Calibration.ON && Calibration.TRAINER && tree ? new ExactSections() : null;
        }
        nodes[KEY] = -1;
        nodes[WORD] = NO_ROW;
        nodeCount = 1;
        nodesGranted = 1;
        frameNode[0] = 0;
        frameMethod[0] = -1;
        frameRow[0] = ROW_NONE;
        lastRaw = lastOut = recording ? Clock.now() : 0;
        gapRandom = mix(threadId) | 1;
    }

    void enter(int methodId) {
        if (paused != 0 || (Recording.control != control && !catchUp())) {
            notRecorded(methodId);
            return;
        }
        record(methodId);
    }

    /**
     * The call of an inner method (roots) inside a root: as {@link #enter}, except for the call that finds recording
     * started while the thread is inside a root opened before, which is no recorded root.
     */
    void enterInner(int methodId) {
        if (paused != 0 || (Recording.control != control && !(catchUp() && rootFrame != 0))) {
            notRecorded(methodId);
            return;
        }
        record(methodId);
    }

    private void record(int methodId) {
        if (Calibration.ON) {
            enterCalibrated(methodId);
        } else {
            enterRaw(methodId);
        }
    }

    /*
     * A StackOverflowError may strike at any call the probes make (a method's entry is where the JVM checks the
     * stack), half-way through an event; the program may catch it, and the exits and unwinds that follow close what
     * the event left. So every event is a sequence of steps, each of which changes the state only in stores with no
     * call between them, and leaves it whole for whatever comes next: a section is added and the next one starts
     * (lastRaw) in one step, so no later event counts it again; a frame joins the stack (depth) only once its slot
     * is unopened (see unopened), and leaves it as its method's row learns it closed; a row counts an open frame in
     * the step that records it in the frame. What such an event costs is at most its own time counted as the
     * program's.
     */

    private void enterRaw(int methodId) {
        int d = depth + 1;
        if (d >= frameNode.length && growFrames(d) == null) {
            depth = d;
            frame = d;
            droppedCalls++;
            return;
        }
        unopened(d, lastRaw);
        depth = d;
        frame = d;
        open(d, methodId);
        long now = Clock.now();
        if (frameRow[d] >= 0) frameStart[d] = now;
        addToFrame(d - 1, now - lastRaw, 0, now);
    }

    private void enterCalibrated(int methodId) {
        long in = Clock.nowEndingSection();
        int d = depth + 1;
        if (d >= frameNode.length && growFrames(d) == null) {
            // past the depth limit: the frame is not kept, its time stays with the deepest kept frame
            depth = d;
            frame = d;
            droppedCalls++;
            int top = frameNode.length - 1;
            long corr = section(in, Calibration.ENTRY, MethodKinds.of(frameMethod[top]), MethodKinds.of(methodId), true);
            addSection(top, in, corr);
            slowEvent = true;
            leave(in, Calibration.ENTRY);
            return;
        }
        int owner = d - 1;
        long corr = section(in, Calibration.ENTRY, MethodKinds.of(frameMethod[owner]), MethodKinds.of(methodId), true);
        addSection(owner, in, corr);
        unopened(d, in);
        depth = d;
        frame = d;
        open(d, methodId);
        leave(in, Calibration.ENTRY);
    }

    /**
     * The section that ended at {@code in} goes to frame {@code owner}'s node: as measured, and with its correction
     * and the probe time of the event before it (its pending part) to take out. All of it before the closing clock
     * reading, so that the probe's work on the tree is excluded whatever it costs.
     */
    private void addSection(int owner, long in, long corr) {
        long raw = in - lastRaw;
        long adjust = corr + (lastOut - lastRaw);
        // an estimated probe time may overshoot a short section: what is taken out never exceeds what was measured
        // (nor does what the windows of the open frames take out)
        if (adjust > raw) {
            excluded -= adjust - raw;
            adjust = raw;
        }
        addToFrame(owner, raw, adjust, in);
    }

    /**
     * The event's own time, from {@code in} to where it leaves, opens the next section: its raw time holds it, its
     * calibration takes it out. Where it leaves is read from the clock for the events {@link ProbeTime} measures
     * and taken from the thread's recent average for the others.
     */
    private void leave(long in, int event) {
        long out;
        if (--untilMeasured <= 0 || slowEvent) {
            out = Clock.nowStartingSection();
            if (!slowEvent) {
                if (event == Calibration.ENTRY) {
                    entryTime16 = ProbeTime.learn(entryTime16, out - in);
                } else {
                    exitTime16 = ProbeTime.learn(exitTime16, out - in);
                }
            }
            if (untilMeasured <= 0) untilMeasured = ProbeTime.gap(this);
            slowEvent = false;
            exactStart = true;
        } else {
            out = in + ProbeTime.estimate(event == Calibration.ENTRY ? entryTime16 : exitTime16);
            exactStart = false;
        }
        excluded += out - in;
        lastRaw = in;
        lastOut = out;
        countEvent();
    }

    /**
     * Frame {@code d} as it stands until it is open: its caller's node, no row, a window from {@code since}. An
     * error thrown inside the probe (a StackOverflowError) before the frame is open leaves it so, and whatever closes
     * it then finds nothing stale (no other call's node or row, no time stamp of 0), and the time until then, the
     * error's own making included, stays with the caller, which made the call that never began.
     */
    private void unopened(int d, long since) {
        frameNode[d] = frameNode[d - 1];
        frameRow[d] = ROW_NONE;
        frameMethod[d] = -1;
        frameStart[d] = since;
        if (Calibration.ON) frameExcluded[d] = excluded;
    }

    /**
     * Opens frame {@code d} for a call of {@code methodId}: finds its node (its own path, the first open frame of the
     * same method when recursion is folded, or a node for calls beyond the budget), counts the call there and in the
     * method's row.
     */
    private void open(int d, int methodId) {
        frameMethod[d] = methodId;
        int parentFrame = d - 1;
        int parentRow = frameRow[parentFrame];
        int parent = frameNode[parentFrame];
        if (parent < -1) parent = recordedBelow(d);
        if (parentRow == ROW_DROPPED || parent == -1) {
            drop(d, parent);  // below a dropped call, or below a frame without a node
            return;
        }
        if ((parentRow & ROW_BEYOND) != 0 && parentRow >= 0) {
            openBeyond(d, methodId, parent);  // below a node beyond the budget everything is lumped into it
            return;
        }
        int node = find(parent, methodId);
        int row;
        if (node > 0) {
            row = (int) (nodes[node * W + WORD] & ROW_MASK);
            if (shape.folding && rows.open(row)) {
                fold(d, row);
                return;
            }
        } else {
            row = rows.of(methodId);
            if (row < 0) {
                drop(d, parent);
                return;
            }
            if (!shape.folding) shape.newPath(nodeCount - 1);
            if (shape.folding && rows.open(row)) {
                fold(d, row);
                return;
            }
            node = addNode(parent, methodId, row);
            if (node < 0) {
                openBeyond(d, methodId, parent);
                return;
            }
        }
        rows.enter(row, node);
        nodes[node * W + WORD] += ONE_CALL;
        frameNode[d] = node;
        frameRow[d] = row;
    }

    /** A recursive call, folded: it counts at the first open frame of its method, and its time goes there. */
    private void fold(int d, int row) {
        int node = rows.firstNode(row);
        boolean beyond = node >= 0 && isBeyond(node);
        // a node beyond the budget lumps methods: the row keeps this one's calls
        rows.enter(row, node, beyond);
        if (node >= 0) nodes[node * W + WORD] += ONE_CALL;
        foldedCalls++;
        frameNode[d] = node;
        frameRow[d] = beyond ? row | ROW_BEYOND : row;
    }

    /**
     * A call that gets no node of its own: it counts under its parent's node for calls beyond the budget (from a
     * reserve; the thread root's when even that is gone), and in its method's row, which keeps its exact figures.
     */
    private void openBeyond(int d, int methodId, int parent) {
        int row = rows.of(methodId);
        int node = parent >= 0 && isBeyond(parent) ? parent : beyondNode(parent);
        if (node < 0 || row < 0) {
            drop(d, parent);
            return;
        }
        rows.enter(row, node, true);
        nodes[node * W + WORD] += ONE_CALL;
        beyondCalls++;
        frameNode[d] = node;
        frameRow[d] = row | ROW_BEYOND;
    }

    private int beyondNode(int parent) {
        int node = parent >= 0 ? find(parent, TreeShape.BEYOND) : -1;
        if (node > 0) return node;
        if (parent >= 0) node = addReserveNode(parent, TreeShape.BEYOND);
        if (node > 0) return node;
        node = find(0, TreeShape.BEYOND);
        return node > 0 ? node : addReserveNode(0, TreeShape.BEYOND);
    }

    boolean isBeyond(int node) {
        return (int) nodes[node * W + KEY] == TreeShape.BEYOND;
    }

    /** A call counted nowhere; its time stays with the frame below, and its callees are dropped too. */
    private void drop(int d, int parent) {
        droppedCalls++;
        frameNode[d] = parent;
        frameRow[d] = ROW_DROPPED;
    }

    /**
     * A call that is not recorded. While a delayed start waits for its first start (and the minima can still
     * change) it runs the calibrated event path without a node, so the calibration learns from the warm-up on;
     * otherwise its frame is 0 and its exit a no-op.
     */
    private void notRecorded(int methodId) {
        if (Calibration.ON && Recording.calibratingWhileStopped() && paused == 0 && recording && Calibration.learning()) {
            enterUnrecorded(methodId);
        } else {
            frame = 0;
        }
    }

    /**
     * A calibrated entry that creates no node and counts nothing (not even a dropped call): its sections are
     * learnt from, its probe time is excluded, and its frame keeps the method for the kinds of the sections around
     * it. Its exit pairs with it like any other.
     */
    private void enterUnrecorded(int methodId) {
        long in = Clock.nowEndingSection();
        control = -1;  // so that the first call after the start catches up (a root opened before it is no root)
        int d = ++depth;
        frame = d;
        if (d >= frameNode.length && growFrames(d) == null) {
            int top = frameNode.length - 1;
            long corr = section(in, Calibration.ENTRY, MethodKinds.of(frameMethod[top]), MethodKinds.of(methodId), true);
            addSection(top, in, corr);
            slowEvent = true;
            leave(in, Calibration.ENTRY);
            return;
        }
        long corr = section(in, Calibration.ENTRY, MethodKinds.of(frameMethod[d - 1]), MethodKinds.of(methodId), true);
        addSection(d - 1, in, corr);
        frameNode[d] = -2 - methodId;
        frameMethod[d] = methodId;
        frameRow[d] = ROW_NONE;
        slowEvent = true;  // waiting for a delayed start, every event teaches the calibration
        leave(in, Calibration.ENTRY);
    }

    /** The node of the nearest frame below {@code d} not opened while stopped: 0 (the thread's root) at the bottom. */
    int recordedBelow(int d) {
        int[] frames = frameNode;
        int k = d - 1;
        while (frames[k] < -1) k--;
        return frames[k];
    }

    /**
     * The control word changed since this thread's last recorded call: a new generation clears this thread's tree
     * first; returns whether this call is recorded.
     */
    private boolean catchUp() {
        if (!recording) return false;
        int c = Recording.control;
        slowEvent = true;
        if (c >>> 1 != generation) {
            TreeReset.clear(this);
            generation = c >>> 1;
        }
        if ((c & Recording.STOPPED) != 0) {
            if (Recording.detached()) Recording.eventsAfterDetach++;
            return false;
        }
        control = c;
        // a root opened while recording was stopped has no node: inner methods record only inside a recorded root
        if (rootFrame != 0 && rootFrame < frameNode.length && frameNode[rootFrame] < -1) rootFrame = 0;
        return true;
    }

    /** The section since the previous event, which belongs to the method on top: learnt from; returns its correction. */
    private long section(long in, int event, int ownerKind, int toKind, boolean learn) {
        int previous = lastEvent;
        long corr = 0;
        if (previous != 0) {
            int category = Calibration.category(previous, lastFromKind, ownerKind, event, toKind);
            long length = in - lastOut;
            learn &= exactStart;
            corr = Calibration.correct(category, ownerKind, length, learn);
            if (learn && length >= 0) {
                sections.add(category, length);
                if (Calibration.TRAINER) exactSections.add(category, length);
            }
        }
        excluded += corr;
        lastEvent = event;
        lastFromKind = ownerKind;
        return corr;
    }

    private void countEvent() {
        if (++eventsSinceCount >= 4096) {
            Calibration.countEvents(eventsSinceCount);
            eventsSinceCount = 0;
        }
    }

    /** Time the agent spent in this thread (a first-run hook) is no section's: the next section starts after it. */
    void excludeAgentTime(long ticks) {
        if (!Calibration.ON) return;
        lastOut += ticks;
        excluded += ticks;
    }

    /** Closes {@code frame} and every frame above it that an exception left open; a second call is a no-op. */
    void exit(int frame) {
        if (frame <= rootFrame) rootFrame = 0;
        if (Calibration.ON) {
            exitCalibrated(frame);
            return;
        }
        long now = Clock.now();
        int d = depth;
        if (d == frame && d < frameNode.length && d > 0) {
            addToFrame(d, now - lastRaw, 0, now);
            closeFrame(d, now);
            depth = d - 1;
            return;
        }
        closeRaw(frame, now);
    }

    private void exitCalibrated(int frame) {
        long in = Clock.nowEndingSection();
        int d = depth;
        if (d == frame && d < frameNode.length && d > 0) {
            long corr = section(in, Calibration.EXIT, MethodKinds.of(frameMethod[d]), MethodKinds.of(frameMethod[d - 1]), true);
            addSection(d, in, corr);
            if (frameNode[d] < -1) slowEvent = true;  // opened while a delayed start waits: it teaches the calibration
            closeFrame(d, in);
            depth = d - 1;
            leave(in, Calibration.EXIT);
            return;
        }
        closeCalibrated(frame, in);
    }

    /** The method's row learns that frame {@code d} closed at {@code in}: its time on the stack if it was outermost. */
    private void closeFrame(int d, long in) {
        int row = frameRow[d];
        if (row >= 0) {
            rows.exit(row & ~ROW_BEYOND, in - frameStart[d], frameExcluded == null ? 0 : excluded - frameExcluded[d]);
        }
    }

    /** Several frames at once (an exception passed through): corrected with the exit minima, never learnt from. */
    private void closeCalibrated(int frame, long in) {
        if (frame < 1 || depth < frame) return;
        int top = Math.min(depth, frameNode.length - 1);
        int below = Math.min(frame - 1, frameNode.length - 1);
        long corr = section(in, Calibration.EXIT, MethodKinds.of(frameMethod[top]), MethodKinds.of(frameMethod[below]), false);
        addSection(top, in, corr);  // before the frames close: its node and row are still there
        closeDownTo(frame, top, in);
        slowEvent = true;
        leave(in, Calibration.EXIT);
    }

    private void closeRaw(int frame, long now) {
        if (frame < 1 || depth < frame) return;
        int top = Math.min(depth, frameNode.length - 1);
        addToFrame(top, now - lastRaw, 0, now);
        closeDownTo(frame, top, now);
    }

    /** Closes the frames from {@code top} down to {@code frame}, each leaving the stack as its row learns it closed. */
    private void closeDownTo(int frame, int top, long at) {
        depth = top;  // frames past the depth limit have nothing to close
        for (int d = top; d >= frame; d--) {
            closeFrame(d, at);
            depth = d - 1;
        }
    }

    /**
     * A section of {@code raw} ticks ending at {@code end} goes to frame {@code f}, and the next one starts there:
     * one step, so that no later event counts it again (see the note above {@link #enterRaw}).
     */
    private void addToFrame(int f, long raw, long adjust, long end) {
        int row = frameRow[f];
        if (row >= 0 && (row & ROW_BEYOND) != 0) rows.addSelf(row & ~ROW_BEYOND, raw, adjust);
        int node = frameNode[f];
        if (node >= 0) {
            int b = node * W;
            nodes[b + SELF] += raw;
            if (Calibration.ON) nodes[b + ADJUST] += adjust;
        }
        lastRaw = end;
        if (Calibration.ON) lastOut = end;
    }

    /** At an exception handler of frame {@code frame}: closes the frames above it, keeps it open. */
    void unwind(int frame) {
        if (depth <= frame) return;
        if (frame < rootFrame) rootFrame = 0;
        if (Calibration.ON) {
            closeCalibrated(frame + 1, Clock.nowEndingSection());
        } else {
            closeRaw(frame + 1, Clock.now());
        }
    }

    /** The node for (parent, method), or 0 when there is none. */
    int find(int parent, int methodId) {
        long key = key(parent, methodId);
        int[] s = slots;
        int mask = s.length - 1;
        int h = mix(key) & mask;
        while (true) {
            int n = s[h];
            if (n == 0) return 0;
            if (nodes[(n - 1) * W] == key) return n - 1;
            h = (h + 1) & mask;
        }
    }

    static long key(int parent, int methodId) {
        return ((long) (parent + 1) << 32) | (methodId & 0xFFFF_FFFFL);
    }

    /** The method id of a node's {@link #key}. */
    static int keyMethod(long key) {
        return (int) key;
    }

    /** The parent node of a node's {@link #key}; -1 for the root's. */
    static int keyParent(long key) {
        return (int) (key >>> 32) - 1;
    }

    /** The calls counted in a node's {@link #WORD}. */
    static long wordCalls(long word) {
        return word >>> ROW_BITS;
    }

    static int mix(long key) {
        long h = key * 0x9E37_79B9_7F4A_7C15L;
        return (int) (h >>> 32) ^ (int) h;
    }

    /** A new node from this thread's allowance; -1 when the budget (or the heap) has none left. */
    private int addNode(int parent, int methodId, int row) {
        slowEvent = true;
        int n = nodeCount;
        if (n >= nodesGranted) {
            int more = NodeBudget.take(nodesGranted);
            if (more == 0) return -1;
            nodesGranted += more;
        }
        return TreeStorage.append(this, parent, methodId, row);
    }

    /** A node beyond the budget's limit, from the small reserve kept for them; -1 when that is gone too. */
    private int addReserveNode(int parent, int methodId) {
        slowEvent = true;
        if (nodeCount >= nodesGranted && !NodeBudget.takeReserve()) return -1;
        if (nodeCount >= nodesGranted) nodesGranted++;
        return TreeStorage.append(this, parent, methodId, NO_ROW);
    }

    /** Null when the frame would pass the depth limit, or the heap has no room for longer arrays. */
    private int[] growFrames(int d) {
        slowEvent = true;
        int limit = ProbeLimits.maxDepth + 1;
        if (d >= limit) return null;
        int cap = (int) Math.min(limit, Math.max(d + 1L, frameNode.length * 2L));
        int[] node;
        int[] method;
        int[] row;
        long[] start;
        long[] excl;
        try {
            node = Grow.copy(frameNode, cap);
            method = Grow.copy(frameMethod, cap);
            row = Grow.copy(frameRow, cap);
            start = Grow.copy(frameStart, cap);
            excl = Grow.copy(frameExcluded, cap);
        } catch (OutOfMemoryError heapFull) {
            return null;  // deeper frames are dropped and counted, as past the limit
        }
        // all at once (an error while copying leaves the old arrays whole)
        frameNode = node;
        frameMethod = method;
        frameRow = row;
        frameStart = start;
        frameExcluded = excl;
        return frameNode;
    }

    /** A consistent-enough copy for a snapshot, taken from any thread. */
    public ThreadTreeCopy copy() {
        return ThreadTreeCopy.of(this, null);
    }

    /** As {@link #copy()}, into the arrays of {@code reuse} (grown when too small): they hold the copy until reused. */
    public ThreadTreeCopy copy(ThreadTreeCopy.Reuse reuse) {
        return ThreadTreeCopy.of(this, reuse);
    }

    /** A copy of the rows, the nodes read in place ({@link ThreadTreeCopy#withLiveNodes}). */
    public ThreadTreeCopy copyWithLiveNodes() {
        return ThreadTreeCopy.withLiveNodes(this);
    }

    /**
     * This thread's section counts per calibration category and quarter-octave bucket (see
     * {@link SectionHistogram}); null rows for categories it never met, null when calibration is off.
     */
    public int[][] sectionCounts() {
        if (sections == null) return null;
        int[][] c = new int[Calibration.CATEGORIES][];
        for (int i = 0; i < c.length; i++) {
            int[] row = sections.counts[i];
            if (row != null) c[i] = Grow.copy(row, row.length);
        }
        return c;
    }

    /** The trainer's run: exact counts of sections of 0 .. 2047 ticks per category; null otherwise. */
    public int[][] exactSectionCounts() {
        if (exactSections == null) return null;
        int[][] c = new int[Calibration.CATEGORIES][];
        for (int i = 0; i < c.length; i++) {
            int[] row = exactSections.counts[i];
            if (row != null) c[i] = Grow.copy(row, row.length);
        }
        return c;
    }

    /** The smallest section length (ticks) counted in bucket {@code b} of {@link #sectionCounts()}. */
    public static long sectionBucketLowerBound(int b) { return SectionHistogram.lowerBound(b); }

    /** True when this thread recorded since the last reset (a stale one has nothing to show). */
    public boolean current() { return generation == Recording.generation(); }

    /** Calls recorded in this thread's tree (racy, for status). */
    public long calls() {
        long sum = 0;
        long[] n = nodes;
        int count = Math.min(nodeCount, n.length / W);
        for (int i = 1; i < count; i++) sum += wordCalls(n[i * W + WORD]);
        return sum;
    }

    /** Calls this thread could not record (past the depth bound), since the last reset (racy, for status). */
    public long droppedCalls() { return droppedCalls; }

    /** True when the thread has ended: its tree no longer changes. */
    boolean ended() {
        Thread t = thread.get();
        return t == null || !t.isAlive();
    }

    public long threadId() { return threadId; }
    public boolean recording() { return recording; }
    public String threadName() { return threadName; }
}
