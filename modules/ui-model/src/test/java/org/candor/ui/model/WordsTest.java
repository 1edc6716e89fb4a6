package org.candor.ui.model;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class WordsTest {

    @Test
    void capitalsAndHtml() {
        assertThat(Words.capitalized("wrote x")).isEqualTo("Wrote x");
        assertThat(Words.capitalized("")).isEmpty();
        assertThat(Words.html("a < b && c > d")).isEqualTo("a &lt; b &amp;&amp; c &gt; d");
    }
}
