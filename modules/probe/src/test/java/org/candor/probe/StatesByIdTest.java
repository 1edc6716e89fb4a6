package org.candor.probe;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** The table that spares a probe the thread local: each thread finds its own state, or none. */
class StatesByIdTest {

    @Test
    void aThreadFindsItsOwnStateAndNoOtherThreadsEvenWithTheSameId() throws Exception {
        StatesById table = new StatesById();
        ThreadState mine = new ThreadState(Thread.currentThread(), true);
        table.install(mine);
        assertThat(table.get(Thread.currentThread())).isSameAs(mine);
        // a thread that claims the same id (a Thread subclass may override getId) must not get it
        long id = Thread.currentThread().getId();
        AtomicReference<ThreadState> seen = new AtomicReference<>(mine);
        Thread other = new Thread(() -> seen.set(table.get(Thread.currentThread()))) {
            @Override public long getId() { return id; }
        };
        other.start();
        other.join();
        assertThat(seen.get()).isNull();
        table.remove(mine);
        assertThat(table.get(Thread.currentThread())).isNull();
    }
}
