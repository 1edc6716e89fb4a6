package org.candor.bench.appopen;

import java.awt.Component;
import java.awt.Container;
import java.awt.EventQueue;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Locale;
import java.util.concurrent.Callable;
import javax.swing.JComboBox;
import javax.swing.JFrame;
import javax.swing.JTabbedPane;
import javax.swing.JTable;
import javax.swing.SwingUtilities;
import javax.swing.tree.TreePath;
import org.candor.ui.calltree.CallTreeView;
import org.candor.ui.model.snapshot.CallTreeRow;
import org.candor.ui.model.snapshot.SnapshotSource;
import org.candor.ui.snapshot.SnapshotTopComponent;
import org.candor.ui.snapshot.SnapshotViewsPanel;
import org.candor.ui.snapshot.spi.ViewIds;
import org.netbeans.swing.outline.Outline;

/**
 * Opens a snapshot in the app's snapshot window (its TopComponent, views found by lookup, in a frame on the X display)
 * the way File &gt; Open Snapshot does (SnapshotOpener: SnapshotSource.open and the calibrated times off the event
 * thread, the window on it), while a probe thread posts an event to the event thread every 10 ms and records how long
 * each waited: the longest wait is the longest stall. Prints, one line each: the time to the window (header and
 * thread list), to the first rows (the call tree's rows, hot path open), to all views ready; the longest stall while
 * loading; then a row opened below the hot path, the largest thread chosen, the flame graph shown and a find through
 * the whole tree, each with its time and longest stall; the peak heap.
 *
 * <pre>java -cp APP-JARS:CLASSES org.candor.bench.appopen.AppOpen SNAPSHOT.candor LABEL [SNAPSHOT.candor LABEL ...]</pre>
 *
 * Each file opens in turn in the same JVM, in a frame of its own: the first pays for loading the window's classes
 * (a cold start), the later ones find them loaded, as in an app that has shown a snapshot before.
 *
 * (bench/app-open.sh compiles and runs it.)
 */
public final class AppOpen {

    private static final long PROBE_NANOS = 10_000_000;
    private static volatile long maxWait;
    private static volatile long stallsOver100;

    public static void main(String[] args) {
        try {
            run(args);
        } catch (Exception e) {
            e.printStackTrace();
            System.exit(1); // the frame would keep the JVM alive
        }
    }

    /** Opens each file given (FILE LABEL pairs) in turn in one JVM: the first pays for loading the window's classes. */
    private static void run(String[] args) throws Exception {
        EventQueue.invokeAndWait(com.formdev.flatlaf.FlatLightLaf::setup);
        watchCollections();
        startProbe();
        for (int i = 0; i + 1 < args.length; i += 2) open(Paths.get(args[i]), args[i + 1]);
        System.exit(0);
    }

    private static void open(Path file, String label) throws Exception {
        JFrame frame = onEdt(() -> {
            JFrame f = new JFrame("Candor: " + file.getFileName());
            f.setDefaultCloseOperation(JFrame.DISPOSE_ON_CLOSE);
            f.setSize(1280, 900);
            f.setLocation(0, 0);
            f.setVisible(true);
            return f;
        });
        Thread.sleep(500);
        System.gc();
        Thread.sleep(200);
        maxLive = 0;
        maxCommitted = 0;

        // as SnapshotOpener.read: off the event thread, then the window on it
        resetStalls();
        long t0 = System.nanoTime();
        long[] window = {0};
        Thread reader = new Thread(() -> {
            try {
                SnapshotSource opened = SnapshotSource.open(file);
                SnapshotSource shown = opened.withRawTimes(false);
                EventQueue.invokeLater(() -> {
                    frame.add(new SnapshotTopComponent(file, opened, shown));
                    frame.validate();
                    window[0] = System.nanoTime();
                });
            } catch (Exception e) {
                e.printStackTrace();
                System.exit(1);
            }
        }, "opener");
        reader.start();
        long firstRows = waitFor(() -> window[0] != 0 && panel(frame) != null && panel(frame).isUpToDate()
                && outline(frame).getRowCount() > 0);
        long ready = waitFor(() -> panel(frame).isReady());
        Thread.sleep(1000);  // the background work the window started (hot spots, warnings) and what the GC owes
        long openStall = maxWait;
        long openStalls = stallsOver100;
        boolean inPlace = source(frame).readsFile();
        int rows = onEdt(() -> outline(frame).getRowCount());
        print(label, "opened " + (inPlace ? "in place" : "whole, in memory") + "; first rows: " + rows + " rows shown");
        print(label, String.format(Locale.ROOT, "window (header, thread list)  %8.3f s", secs(window[0] - t0)));
        print(label, String.format(Locale.ROOT, "first rows                    %8.3f s", secs(firstRows - t0)));
        print(label, String.format(Locale.ROOT, "all views ready               %8.3f s", secs(ready - t0)));
        print(label, String.format(Locale.ROOT, "longest stall while loading   %8.1f ms  (%d probe events waited over 100 ms,"
                + " until 1 s after ready)", openStall / 1e6, openStalls));

        // a row below the hot path: its children are read in the background when it opens
        resetStalls();
        int before = onEdt(() -> outline(frame).getRowCount());
        long t1 = System.nanoTime();
        onEdt(() -> {
            Outline o = outline(frame);
            for (int r = o.getRowCount() - 1; r >= 0; r--) {
                CallTreeRow row = (CallTreeRow) o.getValueAt(r, 0);
                if (!row.isLeaf() && !o.isExpanded(new TreePath(row.path()))) {
                    o.expandPath(new TreePath(row.path()));
                    return null;
                }
            }
            return null;
        });
        long expanded = waitFor(() -> outline(frame).getRowCount() > before);
        print(label, String.format(Locale.ROOT, "a row opened below            %8.3f s, longest stall %6.1f ms",
                secs(expanded - t1), maxWait / 1e6));

        // the largest thread alone
        resetStalls();
        long t2 = System.nanoTime();
        onEdt(() -> {
            JComboBox<?> threads = (JComboBox<?>) find(frame, JComboBox.class, "threadSelector");
            threads.setSelectedIndex(Math.min(1, threads.getItemCount() - 1));
            return null;
        });
        long threadShown = waitFor(() -> panel(frame).isUpToDate() && panel(frame).isReady() && outline(frame).getRowCount() > 0);
        print(label, String.format(Locale.ROOT, "the largest thread shown      %8.3f s, longest stall %6.1f ms",
                secs(threadShown - t2), maxWait / 1e6));

        // the flame graph: what it draws is read when its tab comes to the front
        resetStalls();
        long t3 = System.nanoTime();
        onEdt(() -> {
            JTabbedPane tabs = (JTabbedPane) find(frame, JTabbedPane.class, "views");
            tabs.setSelectedIndex(tabs.indexOfTab("Flame graph"));
            return null;
        });
        long flame = waitFor(() -> panel(frame).isReady());
        print(label, String.format(Locale.ROOT, "flame graph shown             %8.3f s, longest stall %6.1f ms",
                secs(flame - t3), maxWait / 1e6));

        // find a method that is nowhere: one walk through the whole tree, in the background
        resetStalls();
        long t4 = System.nanoTime();
        onEdt(() -> {
            JTabbedPane tabs = (JTabbedPane) find(frame, JTabbedPane.class, "views");
            tabs.setSelectedIndex(tabs.indexOfTab("Call tree"));
            return ((CallTreeView) panel(frame).view(ViewIds.CALL_TREE)).findNext("no.such.Method");
        });
        long found = waitFor(() -> panel(frame).isReady());
        print(label, String.format(Locale.ROOT, "find through the whole tree   %8.3f s, longest stall %6.1f ms",
                secs(found - t4), maxWait / 1e6));

        long peakAfterGc = maxLive;
        System.gc(); // what the open window keeps: its rows, the page cache (an eighth of the heap at most), the views
        long retained = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        print(label, String.format(Locale.ROOT, "peak heap                     %8d MB in use after a collection (garbage"
                + " promoted before it counts too), %d MB committed, of -Xmx %d MB; %d MB kept by the open window after a"
                + " full collection; the process's peak RSS so far %d MB", peakAfterGc >> 20, maxCommitted >> 20,
                Runtime.getRuntime().maxMemory() >> 20, retained >> 20, peakRssMb()));
        print(label, String.format(Locale.ROOT, "RESULT first_rows_s=%.3f open_stall_ms=%.1f ready_s=%.3f peak_heap_mb=%d"
                + " retained_mb=%d", secs(firstRows - t0), openStall / 1e6, secs(ready - t0), peakAfterGc >> 20, retained >> 20));
        source(frame).close();
        onEdt(() -> {
            frame.dispose();
            return null;
        });
    }

    private static volatile long maxLive;
    private static volatile long maxCommitted;

    /** The heap in use after each collection (what is live), and the most the heap was given. */
    private static void watchCollections() {
        for (java.lang.management.GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            ((javax.management.NotificationEmitter) gc).addNotificationListener((n, handback) -> {
                if (!n.getType().equals(com.sun.management.GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION)) return;
                com.sun.management.GcInfo info = com.sun.management.GarbageCollectionNotificationInfo
                        .from((javax.management.openmbean.CompositeData) n.getUserData()).getGcInfo();
                long used = 0;
                long committed = 0;
                for (java.lang.management.MemoryUsage u : info.getMemoryUsageAfterGc().values()) {
                    used += u.getUsed();
                    committed += u.getCommitted();
                }
                if (used > maxLive) maxLive = used;
                if (committed > maxCommitted) maxCommitted = committed;
            }, null, null);
        }
    }

    private static SnapshotSource source(JFrame frame) throws Exception {
        return onEdt(() -> {
            for (Component c : frame.getContentPane().getComponents()) {
                if (c instanceof SnapshotTopComponent) return ((SnapshotTopComponent) c).getLookup().lookup(SnapshotSource.class);
            }
            throw new IllegalStateException("no snapshot window");
        });
    }

    private static void print(String label, String line) {
        System.out.println(label + ": " + line);
    }

    private static double secs(long nanos) {
        return nanos / 1e9;
    }

    private static void resetStalls() {
        maxWait = 0;
        stallsOver100 = 0;
    }

    /** Every 10 ms an event to the event thread; how long it waited there is recorded. */
    private static void startProbe() {
        Thread probe = new Thread(() -> {
            while (true) {
                long sent = System.nanoTime();
                EventQueue.invokeLater(() -> {
                    long waited = System.nanoTime() - sent;
                    if (waited > maxWait) maxWait = waited;
                    if (waited > 100_000_000) stallsOver100++;
                });
                try {
                    Thread.sleep(PROBE_NANOS / 1_000_000);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "edt-probe");
        probe.setDaemon(true);
        probe.start();
    }

    /** Waits (off the event thread) until the condition, asked on the event thread every 5 ms, holds; when it did. */
    private static long waitFor(Callable<Boolean> condition) throws Exception {
        long limit = System.nanoTime() + 300_000_000_000L;
        while (System.nanoTime() < limit) {
            Boolean ok;
            try {
                ok = onEdt(condition);
            } catch (RuntimeException e) {
                ok = false;
            }
            if (ok) return System.nanoTime();
            Thread.sleep(5);
        }
        throw new IllegalStateException("timed out");
    }

    private static <T> T onEdt(Callable<T> work) throws Exception {
        Object[] result = new Object[1];
        Exception[] failure = new Exception[1];
        SwingUtilities.invokeAndWait(() -> {
            try {
                result[0] = work.call();
            } catch (Exception e) {
                failure[0] = e;
            }
        });
        if (failure[0] != null) throw failure[0];
        @SuppressWarnings("unchecked") T t = (T) result[0];
        return t;
    }

    private static SnapshotViewsPanel panel(JFrame frame) {
        return (SnapshotViewsPanel) find(frame, SnapshotViewsPanel.class, null);
    }

    private static Outline outline(JFrame frame) {
        return (Outline) find(frame, JTable.class, "callTree");
    }

    private static Component find(Container in, Class<?> type, String name) {
        for (Component c : in.getComponents()) {
            if (type.isInstance(c) && (name == null || name.equals(c.getName()))) return c;
            if (c instanceof Container) {
                Component found = find((Container) c, type, name);
                if (found != null) return found;
            }
        }
        return null;
    }

    private static long peakRssMb() {
        try {
            for (String line : Files.readAllLines(Paths.get("/proc/self/status"))) {
                if (line.startsWith("VmHWM:")) return Long.parseLong(line.replaceAll("[^0-9]", "")) >> 10;
            }
        } catch (Exception e) {
            return -1;
        }
        return -1;
    }
}
