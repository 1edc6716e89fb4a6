package org.candor.ui.model.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MethodHistoryTest {

    @Test
    void backAndForwardAsInABrowser() {
        MethodHistory h = new MethodHistory();
        assertThat(h.canGoBack()).isFalse();
        assertThat(h.canGoForward()).isFalse();
        h.visit(7);
        h.visit(7);
        h.visit(3);
        h.visit(9);
        assertThat(h.back()).isEqualTo(3);
        assertThat(h.back()).isEqualTo(7);
        assertThat(h.canGoBack()).isFalse();
        assertThat(h.forward()).isEqualTo(3);
        h.visit(5);  // somewhere new from the middle: 9 is dropped
        assertThat(h.canGoForward()).isFalse();
        assertThat(h.back()).isEqualTo(3);
        assertThat(h.forward()).isEqualTo(5);
    }

    @Test
    void theOldestGo() {
        MethodHistory h = new MethodHistory();
        for (int i = 0; i < MethodHistory.MAX + 10; i++) h.visit(i);
        int steps = 0;
        int last = -1;
        while (h.canGoBack()) {
            last = h.back();
            steps++;
        }
        assertThat(steps).isEqualTo(MethodHistory.MAX - 1);
        assertThat(last).isEqualTo(10);
    }
}
