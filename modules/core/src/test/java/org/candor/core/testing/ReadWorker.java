package org.candor.core.testing;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs a fuzz test's reads one at a time on a thread of their own, so that a read that never ends is reported as a hang
 * (jqwik has no time limit, and a loop in a reader would otherwise hold the build until CI's ends), and measures what
 * each read allocated on that thread. A hung thread is abandoned (daemon) and the next read gets a new one.
 */
final class ReadWorker {

    /** How a read ended: what it threw (null if nothing) and how many bytes it allocated. */
    static final class Outcome {
        final Throwable thrown;
        final long allocated;

        Outcome(Throwable thrown, long allocated) {
            this.thrown = thrown;
            this.allocated = allocated;
        }
    }

    private ThreadPoolExecutor worker;

    /** Runs {@code read}; a {@link TimeoutException} if it has not ended within {@code limitMillis}. */
    Outcome run(FuzzChecks.Read read, long limitMillis) throws TimeoutException, InterruptedException {
        if (worker == null) worker = newWorker();
        Future<Outcome> f = worker.submit(() -> {
            long before = FuzzChecks.allocatedBytes();
            Throwable thrown = null;
            try {
                read.run();
            } catch (Throwable t) { // an Error too: any of them is a verdict to give, not a crash of the test
                thrown = t;
            }
            return new Outcome(thrown, FuzzChecks.allocatedBytes() - before);
        });
        try {
            return f.get(limitMillis, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw new IllegalStateException("the read's own catch let something through", e.getCause());
        } catch (TimeoutException e) {
            f.cancel(true);
            worker.shutdownNow();
            worker = null;
            throw e;
        }
    }

    private static ThreadPoolExecutor newWorker() {
        ThreadPoolExecutor w = new ThreadPoolExecutor(1, 1, 5, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), r -> {
            Thread t = new Thread(r, "candor-fuzz-read");
            t.setDaemon(true);
            return t;
        });
        w.allowCoreThreadTimeOut(true); // gone a few seconds after the property's last try
        return w;
    }
}
