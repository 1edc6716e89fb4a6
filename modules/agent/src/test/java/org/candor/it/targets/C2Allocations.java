package org.candor.it.targets;

/**
 * A thread whose C2-compiled loop allocates small objects from tiny TLABs (run with {@code -XX:TLABSize=2k
 * -XX:MinTLABSize=2k -XX:-ResizeTLAB}): most allocations take the slow path, C2's runtime stub
 * {@code _new_instance_Java}, which calls into the VM from a frame of its own and leaves the thread's frame anchor
 * without its pc. The measured thread is "alloc". Args: seconds (default 3).
 */
public final class C2Allocations {

    static volatile Object sink;

    static final class Node {
        final Object next;
        long value;

        Node(Object next) {
            this.next = next;
        }
    }

    public static void main(String[] args) throws InterruptedException {
        VmAllocations.onAllocThread(args, C2Allocations::allocate);
        System.out.println("done " + (sink != null));
    }

    static void allocate() {
        Object o = null;
        for (int i = 0; i < 10_000; i++) o = new Node(o);
        sink = o;
    }
}
