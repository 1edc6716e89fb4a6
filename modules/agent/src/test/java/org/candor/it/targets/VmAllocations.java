package org.candor.it.targets;

/**
 * A thread that spends most of its time inside the VM, called from interpreted code: run with -Xint, it allocates
 * large arrays, which the interpreter asks the VM for (InterpreterRuntime::newarray: zeroing a megabyte each time).
 * The interpreter's VM calls leave the thread's frame anchor without its pc, so a sampler that only asks
 * AsyncGetCallTrace loses these stacks. The measured thread is "alloc". Args: seconds (default 3).
 */
public final class VmAllocations {

    static volatile Object sink;

    public static void main(String[] args) throws InterruptedException {
        onAllocThread(args, VmAllocations::allocate);
        System.out.println("done " + (sink != null));
    }

    /** Runs {@code work} again and again on a thread named "alloc" for the seconds args[0] says (default 3). */
    static void onAllocThread(String[] args, Runnable work) throws InterruptedException {
        double seconds = args.length > 0 ? Double.parseDouble(args[0]) : 3;
        long end = System.nanoTime() + (long) (seconds * 1e9);
        Thread t = new Thread(() -> {
            while (System.nanoTime() < end) work.run();
        }, "alloc");
        t.start();
        t.join();
    }

    static void allocate() {
        for (int i = 0; i < 100; i++) sink = new byte[1 << 20];
    }
}
