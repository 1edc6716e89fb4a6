package org.candor.core.snapshot;

import java.lang.ref.SoftReference;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One object kept softly for the next user: the working arrays of a live view's snapshot, which the app asks for every
 * second or so on trees of up to millions of nodes. Fresh arrays would be zeroed and first touched page by page each
 * time and left as garbage in the profiled program's heap; kept softly, a heap that runs short still takes them back.
 * One user holds the object between {@link #take} and {@link #giveBack}; a second user meanwhile gets none.
 */
public final class SoftSpare<T> {

    private final AtomicReference<SoftReference<T>> spare = new AtomicReference<>();

    /** The object the last user gave back, or null (none yet, taken by another user, or collected). */
    public T take() {
        SoftReference<T> ref = spare.getAndSet(null);
        return ref == null ? null : ref.get();
    }

    /** Done with it: the next {@link #take} may have it. */
    public void giveBack(T value) {
        spare.set(new SoftReference<>(value));
    }
}
