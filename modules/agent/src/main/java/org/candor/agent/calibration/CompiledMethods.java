package org.candor.agent.calibration;

import org.candor.agent.AgentLog;
import org.candor.agent.instrument.MethodRegistry;
import org.candor.probe.MethodKinds;

/**
 * Feeds {@link MethodKinds} from the JVM's compiled-method events, which libcandor.so queues (natives bound by the
 * library; without it every method counts as interpreted). A daemon thread drains the queue every few milliseconds,
 * so a method's kind lags its compilation by that much.
 */
public final class CompiledMethods implements Runnable {

    private static final long POLL_MS = 5;

    private final MethodRegistry registry;
    private volatile long dropped;

    private CompiledMethods(MethodRegistry registry) {
        this.registry = registry;
    }

    /** Starts tracking; false when the library is not loaded or the JVM cannot report compiled code. */
    public static boolean start(MethodRegistry registry) {
        boolean started;
        try {
            started = start0();
        } catch (UnsatisfiedLinkError noLibrary) {
            started = false;
        }
        if (!started) {
            AgentLog.debug("no compiled-method events: calibration treats every method as interpreted");
            return false;
        }
        CompiledMethods tracker = new CompiledMethods(registry);
        Thread t = new Thread(tracker, "candor-compiled-methods");
        t.setDaemon(true);
        t.start();
        return true;
    }

    @Override
    public void run() {
        while (true) {
            try {
                drainOnce();
                Thread.sleep(POLL_MS);
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException | Error e) {
                AgentLog.warn("compiled-method tracking stopped: " + e);
                return;
            }
        }
    }

    void drainOnce() {
        Object[] batch = drain0();
        if (batch == null) return;
        String[] keys = (String[]) batch[0];
        int[] groups = (int[]) batch[1];
        long[] counters = (long[]) batch[2];
        dropped = counters[1];
        int at = 0;
        int[] ids = new int[16];
        for (int group : groups) {
            int n = Math.abs(group);
            if (ids.length < n) ids = new int[n];
            int found = 0;
            for (int i = 0; i < n; i++) {
                int id = registry.find(dotted(keys[at + i]));
                if (id >= 0) ids[found++] = id;
            }
            at += n;
            if (found > 0) {
                MethodKinds.compiled(ids, found, group > 0 ? 1 : -1);
            } else if (group > 0) {
                MethodKinds.otherCompilation();
            }
        }
    }

    /** "Lpkg/Cls;.name(desc)" to the registry's "pkg.Cls.name(desc)". */
    static String dotted(String key) {
        int end = key.indexOf(';');
        if (!key.startsWith("L") || end < 0) return key;
        return key.substring(1, end).replace('/', '.') + key.substring(end + 1);
    }

    long dropped() { return dropped; }

    private static native boolean start0();

    private static native Object[] drain0();
}
