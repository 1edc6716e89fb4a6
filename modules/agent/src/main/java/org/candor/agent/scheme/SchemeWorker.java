package org.candor.agent.scheme;

/**
 * An agent thread that runs a scheme's pending work each time it is woken: the work found while a class loads,
 * where the transformer may not retransform (Eager's expansions, methods of loaded classes that a class loading
 * below a watched type inherits). A wake while the work runs runs it once more, so none is lost.
 */
final class SchemeWorker implements Runnable {

    private final String name;
    private final Runnable work;
    private boolean woken;
    private Thread thread;

    SchemeWorker(String name, Runnable work) {
        this.name = name;
        this.work = work;
    }

    synchronized void start() {
        if (thread != null) return;
        thread = new Thread(this, name);
        thread.setDaemon(true);
        thread.start();
    }

    synchronized void stop() {
        if (thread != null) thread.interrupt();
    }

    /** Takes this object's monitor only, briefly: callable from a class load hook. */
    synchronized void wake() {
        woken = true;
        notifyAll();
    }

    @Override
    public void run() {
        try {
            while (true) {
                synchronized (this) {
                    while (!woken) wait();
                    woken = false;
                }
                work.run();
            }
        } catch (InterruptedException stop) {
            Thread.currentThread().interrupt();
        }
    }
}
