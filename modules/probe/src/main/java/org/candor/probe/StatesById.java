package org.candor.probe;

/**
 * A direct-mapped table of thread states by thread id: the slot {@code id mod size} holds the state of the first
 * thread with such an id that asked for it, and is freed when that thread's state is retired. A thread whose slot is
 * taken uses the thread local. The slot's state is checked to belong to the calling thread (the weak reference's
 * referent), so a {@link Thread} subclass with an odd {@code getId()} can only miss the table, never share a state.
 */
final class StatesById {

    private static final int SIZE = 1 << 12;

    private final ThreadState[] slots = new ThreadState[SIZE];

    ThreadState get(Thread t) {
        ThreadState s = slots[(int) t.getId() & (SIZE - 1)];
        return s != null && s.thread.get() == t ? s : null;
    }

    void install(ThreadState s) {
        int i = (int) s.threadId & (SIZE - 1);
        if (slots[i] == null) slots[i] = s;  // racy on purpose: a lost install only means the thread local
    }

    /** The state's thread has ended: its slot is free for a thread started later. */
    void remove(ThreadState s) {
        int i = (int) s.threadId & (SIZE - 1);
        if (slots[i] == s) slots[i] = null;
    }
}
