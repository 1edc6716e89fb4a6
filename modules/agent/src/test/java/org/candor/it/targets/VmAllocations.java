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
        double seconds = args.length > 0 ? Double.parseDouble(args[0]) : 3;
        long end = System.nanoTime() + (long) (seconds * 1e9);
        Thread t = new Thread(() -> {
            while (System.nanoTime() < end) allocate();
        }, "alloc");
        t.start();
        t.join();
        System.out.println("done " + (sink != null));
    }

    static void allocate() {
        for (int i = 0; i < 100; i++) sink = new byte[1 << 20];
    }
}
