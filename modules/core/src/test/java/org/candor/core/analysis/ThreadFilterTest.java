package org.candor.core.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import org.candor.core.model.ThreadProfile;
import org.candor.core.testing.TestSnapshots;
import org.junit.jupiter.api.Test;

class ThreadFilterTest {

    @Test
    void exactNameMatchesOnlyThatName() {
        ThreadFilter f = ThreadFilter.of("main");
        assertThat(f.matches("main")).isTrue();
        assertThat(f.matches("main2")).isFalse();
        assertThat(f.matches("Main")).isFalse();
        assertThat(f.isAll()).isFalse();
    }

    @Test
    void starMatchesAnyRunOfCharacters() {
        assertThat(ThreadFilter.of("worker-*").matches("worker-1")).isTrue();
        assertThat(ThreadFilter.of("worker-*").matches("worker-")).isTrue();
        assertThat(ThreadFilter.of("worker-*").matches("my-worker-1")).isFalse();
        assertThat(ThreadFilter.of("*-thread-*").matches("pool-1-thread-12")).isTrue();
        assertThat(ThreadFilter.of("*a*b*").matches("xxaxxbxx")).isTrue();
        assertThat(ThreadFilter.of("*a*b").matches("xxabxxbx")).isFalse();
        assertThat(ThreadFilter.of("*").matches("")).isTrue();
    }

    @Test
    void otherCharactersAreLiteral() {
        assertThat(ThreadFilter.of("pool[1].?").matches("pool[1].?")).isTrue();
        assertThat(ThreadFilter.of("pool[1].?").matches("pool1x")).isFalse();
        assertThat(ThreadFilter.of("a.c").matches("abc")).isFalse();
    }

    @Test
    void selectKeepsOrderAndAllSelectsEverything() {
        var threads = TestSnapshots.shop().threads();
        assertThat(ThreadFilter.of("*e*").select(threads)).extracting(ThreadProfile::name)
                .containsExactly("worker-1", "idle");
        assertThat(ThreadFilter.of("w*").select(threads)).extracting(ThreadProfile::name).containsExactly("worker-1");
        assertThat(ThreadFilter.all().select(threads)).hasSize(3);
        assertThat(ThreadFilter.of(null).isAll()).isTrue();
    }
}
