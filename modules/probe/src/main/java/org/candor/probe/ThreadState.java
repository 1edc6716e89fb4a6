package org.candor.probe;

import java.lang.ref.WeakReference;

/**
 * One thread's calling-context tree, built in place by the probes of that thread: no locks, no allocation per
 * call. Node 0 is the thread's root; frame k (1-based) of the shadow stack holds the node of the k-th open
 * measured call and the time stamp taken when it entered. Self time is not kept: it is total minus the children's
 * totals, derived when a snapshot is taken.
 *
 * <p>Other threads only read this state (snapshots); they see values as of some recent moment, never torn arrays.
 */
public final class ThreadState {

    /**
     * Open measured frames. Instrumented code reads it right after {@link Probe#enter} and hands it back on exit,
     * so an exit closes exactly its own frame and any frame an exception left open above it.
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

    int[] nodeMethod;
    int[] nodeParent;
    long[] nodeCalls;
    long[] nodeTicks;
    /** Calibration: ticks removed from each node's total (probe processing and residual overhead inside it). */
    long[] nodeAdjust;
    /** Written last when a node is added, so a reader that sees the count sees the node. */
    volatile int nodeCount;
    private int nodesGranted;

    /** Open-addressing index (parent, method) to child node; key 0 means empty. */
    private long[] indexKeys;
    private int[] indexNodes;
    private int indexSize;

    /**
     * The node of each open frame: -1 when the call was dropped (its callees are dropped too), {@code -2 - methodId}
     * when it was made while recording was stopped and only calibrated (its callees hang under the frame below it).
     */
    int[] frameNode;
    long[] frameStart;
    /** Calibration: {@link #excluded} when the frame's window opened. */
    long[] frameExcluded;

    /** Calibration: the clock when the previous event's processing ended. */
    private long lastOut;
    /** Calibration: the previous event ({@link Calibration#ENTRY}, {@link Calibration#EXIT}; 0 before the first). */
    private int lastEvent;
    /** Calibration: the kind of the method the previous event came from. */
    private int lastFromKind;
    /** Calibration: ticks removed so far on this thread; a node's correction is the growth over its window. */
    long excluded;
    private int eventsSinceCount;
    final SectionHistogram sections;
    final ExactSections exactSections;

    long droppedCalls;

    ThreadState(Thread t, boolean recording) {
        this.threadId = t.getId();
        this.thread = new WeakReference<>(t);
        this.threadName = t.getName();
        this.recording = recording;
        this.generation = Recording.generation();
        this.control = recording ? generation << 1 : -1;
        nodeMethod = new int[64];
        nodeParent = new int[64];
        nodeCalls = new long[64];
        nodeTicks = new long[64];
        nodeAdjust = Calibration.ON ? new long[64] : null;
        nodeMethod[0] = -1;
        nodeParent[0] = -1;
        nodeCount = 1;
        nodesGranted = 1;
        indexKeys = new long[128];
        indexNodes = new int[128];
        int frames = Math.min(32, ProbeLimits.maxDepth + 1);
        frameNode = new int[frames];
        frameStart = new long[frames];
        frameExcluded = Calibration.ON ? new long[frames] : null;
        sections = Calibration.ON ? new SectionHistogram() : null;
        exactSections = Calibration.ON && Calibration.TRAINER ? new ExactSections() : null;
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

    private void enterRaw(int methodId) {
        int d = ++depth;
        frame = d;
        int[] frames = frameNode;
        if (d >= frames.length && (frames = growFrames(d)) == null) {
            droppedCalls++;
            return;
        }
        int parent = frames[d - 1];
        int node = parent < 0 ? -1 : child(parent, methodId);
        frames[d] = node;
        if (node < 0) {
            droppedCalls++;
            return;
        }
        nodeCalls[node]++;
        frameStart[d] = Clock.now();
    }

    private void enterCalibrated(int methodId) {
        long in = Clock.nowEndingSection();
        int d = ++depth;
        frame = d;
        int[] frames = frameNode;
        if (d >= frames.length && (frames = growFrames(d)) == null) {
            droppedCalls++;
            section(in, Calibration.ENTRY, MethodKinds.OTHER, MethodKinds.of(methodId), true);
            finishEvent(in);
            return;
        }
        int parent = frames[d - 1];
        section(in, Calibration.ENTRY, kindOfNode(parent), MethodKinds.of(methodId), true);
        int node = parent >= 0 ? child(parent, methodId) : parent == -1 ? -1 : childOfRecordedBelow(d, methodId);
        frames[d] = node;
        if (node < 0) {
            droppedCalls++;
        } else {
            nodeCalls[node]++;
        }
        finishEntry(d, in);
    }

    /** The end of an entry that opened frame {@code d}: the probe's own time is excluded, the frame's window opens. */
    private void finishEntry(int d, long in) {
        long out = Clock.nowStartingSection();
        excluded += out - in;
        frameExcluded[d] = excluded;
        frameStart[d] = out;
        lastOut = out;
        countEvent();
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
     * learnt from, its probe time goes into {@link #excluded}, and its frame keeps the method for the kinds of the
     * sections around it. Its exit pairs with it like any other.
     */
    private void enterUnrecorded(int methodId) {
        long in = Clock.nowEndingSection();
        control = -1;  // so that the first call after the start catches up (a root opened before it is no root)
        int d = ++depth;
        frame = d;
        int[] frames = frameNode;
        if (d >= frames.length && (frames = growFrames(d)) == null) {
            section(in, Calibration.ENTRY, MethodKinds.OTHER, MethodKinds.of(methodId), true);
            finishEvent(in);
            return;
        }
        section(in, Calibration.ENTRY, kindOfNode(frames[d - 1]), MethodKinds.of(methodId), true);
        frames[d] = -2 - methodId;
        finishEntry(d, in);
    }

    /**
     * A recorded call whose parent frame was opened while recording was stopped: it hangs under the nearest frame
     * below that has a node (or was dropped), as if the unrecorded frames were not there.
     */
    private int childOfRecordedBelow(int d, int methodId) {
        int parent = recordedBelow(d);
        return parent < 0 ? -1 : child(parent, methodId);
    }

    /** The node of the nearest frame below {@code d} not opened while stopped: 0 (the thread's root) at the bottom. */
    private int recordedBelow(int d) {
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
        if (c >>> 1 != generation) clearForReset(c >>> 1);
        if ((c & Recording.STOPPED) != 0) {
            if (Recording.detached()) Recording.eventsAfterDetach++;
            return false;
        }
        control = c;
        // a root opened while recording was stopped has no node: inner methods record only inside a recorded root
        if (rootFrame != 0 && rootFrame < frameNode.length && frameNode[rootFrame] < -1) rootFrame = 0;
        return true;
    }

    /**
     * Reset, done by the owner thread: every node goes, the calls still open become fresh zeroed nodes on the same
     * path that start at the reset (wall clocks) or now (per-thread metrics), and the generation is published last.
     * Frames opened while recording was stopped stay without a node.
     */
    private void clearForReset(int newGeneration) {
        long now = Clock.now();
        long start = Clock.perThread() ? now : Recording.resetTicks;
        int open = Math.min(depth, frameNode.length - 1);
        int[] methods;
        try {
            methods = new int[open + 1];
        } catch (OutOfMemoryError heapFull) {
            methods = null;  // the open calls are not kept (their frames stay, unrecorded)
        }
        for (int d = 1; d <= open && methods != null; d++) {
            int node = frameNode[d];
            methods[d] = node > 0 ? nodeMethod[node] : -1;
        }
        int n = nodeCount;
        nodeCount = 1;
        for (int i = 0; i < n; i++) {
            nodeCalls[i] = 0;
            nodeTicks[i] = 0;
            if (nodeAdjust != null) nodeAdjust[i] = 0;
        }
        long[] keys = indexKeys;
        for (int i = 0; i < keys.length; i++) keys[i] = 0;
        indexSize = 0;
        nodesGranted = 1;
        droppedCalls = 0;
        for (int d = 1; d <= open; d++) {
            if (frameNode[d] < -1) continue;
            int parent = recordedBelow(d);
            frameNode[d] = methods == null || methods[d] < 0 || parent < 0 ? -1 : child(parent, methods[d]);
            if (frameStart[d] < start || Clock.perThread()) frameStart[d] = start;
            if (frameExcluded != null) frameExcluded[d] = excluded;
        }
        generation = newGeneration;
    }

    /** The section since the previous event, which belongs to the method on top: corrected and learnt from. */
    private void section(long in, int event, int ownerKind, int toKind, boolean learn) {
        int previous = lastEvent;
        if (previous != 0) {
            int category = Calibration.category(previous, lastFromKind, ownerKind, event, toKind);
            long length = in - lastOut;
            excluded += Calibration.correct(category, ownerKind, length, learn);
            if (learn && length >= 0) {
                sections.add(category, length);
                if (Calibration.TRAINER) exactSections.add(category, length);
            }
        }
        lastEvent = event;
        lastFromKind = ownerKind;
    }

    private void finishEvent(long in) {
        long out = Clock.nowStartingSection();
        excluded += out - in;
        lastOut = out;
        countEvent();
    }

    private void countEvent() {
        if (++eventsSinceCount >= 4096) {
            Calibration.countEvents(eventsSinceCount);
            eventsSinceCount = 0;
        }
    }

    /** The kind of a frame's method: from its node, or from the method an unrecorded frame keeps. */
    private int kindOfNode(int node) {
        if (node > 0) return MethodKinds.of(nodeMethod[node]);
        return node < -1 ? MethodKinds.of(-2 - node) : MethodKinds.OTHER;
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
            int node = frameNode[d];
            if (node >= 0) nodeTicks[node] += now - frameStart[d];
            depth = d - 1;
            return;
        }
        closeDownTo(frame, now);
    }

    private void exitCalibrated(int frame) {
        long in = Clock.nowEndingSection();
        int d = depth;
        if (d == frame && d < frameNode.length && d > 0) {
            int[] frames = frameNode;
            int node = frames[d];
            section(in, Calibration.EXIT, kindOfNode(node), kindOfNode(frames[d - 1]), true);
            if (node >= 0) {
                nodeTicks[node] += in - frameStart[d];
                nodeAdjust[node] += excluded - frameExcluded[d];
            }
            depth = d - 1;
            finishEvent(in);
            return;
        }
        closeCalibrated(frame, in);
    }

    /** Several frames at once (an exception passed through): corrected with the exit minima, never learnt from. */
    private void closeCalibrated(int frame, long in) {
        if (frame < 1 || depth < frame) return;
        int[] frames = frameNode;
        int top = depth < frames.length ? frames[depth] : -1;
        int below = frame - 1 < frames.length ? frames[frame - 1] : -1;
        section(in, Calibration.EXIT, kindOfNode(top), kindOfNode(below), false);
        int d = depth;
        while (d >= frame) {
            if (d < frames.length) {
                int node = frames[d];
                if (node >= 0) {
                    nodeTicks[node] += in - frameStart[d];
                    nodeAdjust[node] += excluded - frameExcluded[d];
                }
            }
            d--;
        }
        depth = d;
        finishEvent(in);
    }

    /** At an exception handler of frame {@code frame}: closes the frames above it, keeps it open. */
    void unwind(int frame) {
        if (depth <= frame) return;
        if (frame < rootFrame) rootFrame = 0;
        if (Calibration.ON) {
            closeCalibrated(frame + 1, Clock.nowEndingSection());
        } else {
            closeDownTo(frame + 1, Clock.now());
        }
    }

    private void closeDownTo(int frame, long now) {
        if (frame < 1) return;
        int d = depth;
        int[] frames = frameNode;
        while (d >= frame) {
            if (d < frames.length) {
                int node = frames[d];
                if (node >= 0) nodeTicks[node] += now - frameStart[d];
            }
            d--;
        }
        depth = d;
    }

    private int child(int parent, int methodId) {
        long key = ((long) (parent + 1) << 32) | (methodId & 0xFFFF_FFFFL);
        long[] keys = indexKeys;
        int mask = keys.length - 1;
        int h = mix(key) & mask;
        while (true) {
            long k = keys[h];
            if (k == key) return indexNodes[h];
            if (k == 0) return addNode(parent, methodId, key, h);
            h = (h + 1) & mask;
        }
    }

    private static int mix(long key) {
        long h = key * 0x9E37_79B9_7F4A_7C15L;
        return (int) (h >>> 32) ^ (int) h;
    }

    private int addNode(int parent, int methodId, long key, int slot) {
        int n = nodeCount;
        if (n >= nodesGranted) {
            int more = NodeBudget.take();
            if (more == 0) return -1;
            nodesGranted += more;
        }
        if (n >= nodeMethod.length || (indexSize + 1) * 2 > indexKeys.length) {
            try {
                if (n >= nodeMethod.length) growNodes(n + 1);
                if ((indexSize + 1) * 2 > indexKeys.length) {
                    rehash();
                    slot = freeSlot(key);
                }
            } catch (OutOfMemoryError heapFull) {
                // the target's heap matters more than our tree: stop adding nodes anywhere
                NodeBudget.exhaust();
                return -1;
            }
        }
        nodeMethod[n] = methodId;
        nodeParent[n] = parent;
        indexKeys[slot] = key;
        indexNodes[slot] = n;
        indexSize++;
        nodeCount = n + 1;
        return n;
    }

    private int freeSlot(long key) {
        int mask = indexKeys.length - 1;
        int h = mix(key) & mask;
        while (indexKeys[h] != 0) h = (h + 1) & mask;
        return h;
    }

    /** Grows by half, not double: a big tree's arrays are copied while the old ones are still alive. */
    private void growNodes(int min) {
        int cap = (int) Math.min(Integer.MAX_VALUE - 8, Math.max(min, nodeMethod.length + (nodeMethod.length >> 1)));
        nodeMethod = Grow.copy(nodeMethod, cap);
        nodeParent = Grow.copy(nodeParent, cap);
        nodeCalls = Grow.copy(nodeCalls, cap);
        nodeTicks = Grow.copy(nodeTicks, cap);
        if (nodeAdjust != null) nodeAdjust = Grow.copy(nodeAdjust, cap);
    }

    private void rehash() {
        long[] oldKeys = indexKeys;
        int[] oldNodes = indexNodes;
        long[] keys = new long[oldKeys.length * 2];
        int[] nodes = new int[keys.length];
        int mask = keys.length - 1;
        for (int i = 0; i < oldKeys.length; i++) {
            long k = oldKeys[i];
            if (k == 0) continue;
            int h = mix(k) & mask;
            while (keys[h] != 0) h = (h + 1) & mask;
            keys[h] = k;
            nodes[h] = oldNodes[i];
        }
        indexKeys = keys;
        indexNodes = nodes;
    }

    /** Null when the frame would pass the depth limit. */
    private int[] growFrames(int d) {
        int limit = ProbeLimits.maxDepth + 1;
        if (d >= limit) return null;
        int cap = (int) Math.min(limit, Math.max(d + 1L, frameNode.length * 2L));
        frameNode = Grow.copy(frameNode, cap);
        frameStart = Grow.copy(frameStart, cap);
        if (frameExcluded != null) frameExcluded = Grow.copy(frameExcluded, cap);
        return frameNode;
    }

    /** A consistent-enough copy for a snapshot, taken from any thread. */
    public ThreadTreeCopy copy() {
        Thread t = thread.get();
        if (t != null) threadName = t.getName();
        int n = nodeCount;
        int open = Math.min(depth, frameNode.length - 1);
        return new ThreadTreeCopy(threadId, threadName, t != null && t.isAlive(),
                Grow.copy(nodeMethod, n), Grow.copy(nodeParent, n),
                Grow.copy(nodeCalls, n), Grow.copy(nodeTicks, n),
                Grow.slice(frameNode, 1, open + 1),
                Grow.slice(frameStart, 1, open + 1),
                nodeAdjust == null ? null : Grow.copy(nodeAdjust, n),
                frameExcluded == null ? null : Grow.slice(frameExcluded, 1, open + 1),
                excluded, droppedCalls, Clock.now());
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
        long[] calls = nodeCalls;
        int n = Math.min(nodeCount, calls.length);
        for (int i = 1; i < n; i++) sum += calls[i];
        return sum;
    }

    public long threadId() { return threadId; }
    public boolean recording() { return recording; }
}
