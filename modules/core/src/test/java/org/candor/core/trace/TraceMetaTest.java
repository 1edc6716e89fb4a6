package org.candor.core.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class TraceMetaTest {

    private static final String TEXT = "candor-trace\t1\t0\n"
            + "run\t18446744073709551615\n"
            + "pid\t4242\n"
            + "clock\tmonotonic\t1000000000\n"
            + "interval\t1000000\n"
            + "cpus\t8\n"
            + "counter\t0\ttask-clock\tns\n"
            + "counter\t1\tpage-faults\tcount\n"
            + "thread\t100\t50\t1\tmain\n"
            + "method\t7\tLcom/acme/Foo;\trun\t()V\n"
            + "future-kind\tsomething\tnew\n"
            + "thread\t200\t60\t12\twork\\\\er\\t1\\nx\\r\n"
            + "method\t9\t[vm]\tInterpreter\t\n"
            + "thread\t100\t900\t1\tmain-renamed\n"
            + "dropped\t1\n"
            + "dropped\t5\n"
            + "end\t2000\n"
            + "thread\t300\t7"; // cut short: ignored

    @Test
    void parsesEveryKindOfLine() throws Exception {
        TraceMeta m = TraceMeta.parse("meta", TEXT);
        assertThat(m.minor()).isZero();
        assertThat(m.runId()).isEqualTo(-1L); // u64 max
        assertThat(m.pid()).isEqualTo(4242);
        assertThat(m.clock()).isEqualTo("monotonic");
        assertThat(m.clockTicksPerSecond()).isEqualTo(1_000_000_000L);
        assertThat(m.interval()).isEqualTo(1_000_000);
        assertThat(m.cpus()).isEqualTo(8);
        assertThat(m.counters()).hasSize(2);
        assertThat(m.counters().get(1).event()).isEqualTo("page-faults");
        assertThat(m.counterIndex("task-clock")).isZero();
        assertThat(m.counterIndex("cycles")).isEqualTo(-1);
        assertThat(m.threads().keySet()).containsExactly(100, 200);
        assertThat(m.threads().get(200).get(0).name()).isEqualTo("work\\er\t1\nx\r");
        assertThat(m.threads().get(200).get(0).javaId()).isEqualTo(12);
        assertThat(m.dropped()).isEqualTo(5);
        assertThat(m.end()).isEqualTo(2000);
        assertThat(m.otherLines()).containsExactly("future-kind\tsomething\tnew");
    }

    @Test
    void saysHowThePeriodsWereCut() throws Exception {
        TraceMeta none = TraceMeta.parse("meta", "candor-trace\t1\t0\nrun\t1\n");
        assertThat(none.switches()).isNull();
        assertThat(none.switchesText()).contains("does not record context switches");
        TraceMeta refused = TraceMeta.parse("meta", "candor-trace\t1\t1\nrun\t1\nswitches\tnone\tPermission denied\n");
        assertThat(refused.switchesText()).contains("would not report context switches (Permission denied)");
        TraceMeta kernel = TraceMeta.parse("meta", "candor-trace\t1\t1\nrun\t1\nswitches\tkernel\nunswitched\t0\t0\n"
                + "unswitched\t2\t3\n");
        assertThat(kernel.switches()).isEqualTo("kernel");
        assertThat(kernel.unswitched()).containsExactly(2, 3); // the last line wins
        assertThat(kernel.switchesText()).contains("context switches").contains("2 thread(s)").contains("3 stretch(es)");
        // a merged trace keeps them
        TraceMeta again = TraceMeta.parse("merged", kernel.toText());
        assertThat(again.switches()).isEqualTo("kernel");
        assertThat(again.unswitched()).containsExactly(2, 3);
    }

    @Test
    void namesInEffectAtATime() throws Exception {
        TraceMeta m = TraceMeta.parse("meta", TEXT);
        assertThat(m.nameAt(100, 10)).isEqualTo("main"); // before its first line: the first name known
        assertThat(m.nameAt(100, 50)).isEqualTo("main");
        assertThat(m.nameAt(100, 899)).isEqualTo("main");
        assertThat(m.nameAt(100, 900)).isEqualTo("main-renamed");
        assertThat(m.nameAt(100, Long.MAX_VALUE)).isEqualTo("main-renamed");
        assertThat(m.lastName(100)).isEqualTo("main-renamed");
        assertThat(m.nameAt(300, 10)).isNull();
        assertThat(m.lastName(300)).isNull();
    }

    @Test
    void methodsAsPeopleReadThem() throws Exception {
        TraceMeta m = TraceMeta.parse("meta", TEXT);
        assertThat(m.display(7)).isEqualTo("com.acme.Foo.run()V");
        assertThat(m.display(9)).isEqualTo("[vm].Interpreter");
        assertThat(m.display(0)).isEqualTo("-");
        assertThat(m.display(-1)).isEqualTo("#4294967295");
        assertThat(new TraceMeta.Method("com/acme/Bar$In", "go", "(I)J").display()).isEqualTo("com.acme.Bar$In.go(I)J");
    }

    @Test
    void textRoundTripsWithEscapes() throws Exception {
        TraceMeta m = TraceMeta.parse("meta", TEXT);
        String text = m.toText();
        assertThat(text).startsWith("candor-trace\t1\t0\nrun\t18446744073709551615\n");
        assertThat(text).contains("thread\t200\t60\t12\twork\\\\er\\t1\\nx\\r\n");
        assertThat(text).contains("future-kind\tsomething\tnew\n");
        assertThat(text).endsWith("dropped\t5\nend\t2000\n");
        TraceMeta again = TraceMeta.parse("meta", text);
        assertThat(again).isEqualTo(m);
        assertThat(again.threads()).isEqualTo(m.threads());
        assertThat(again.methods()).isEqualTo(m.methods());

        TraceMeta built = new TraceMeta.Builder().runId(1).thread(5, 0, 2, "a\tb\\c\nd\re").method(3, "[vm]", "GC\tthread", "").build();
        assertThat(TraceMeta.parse("x", built.toText()).lastName(5)).isEqualTo("a\tb\\c\nd\re");
        assertThat(TraceMeta.parse("x", built.toText()).methods().get(3).name()).isEqualTo("GC\tthread");
    }

    @Test
    void escapesAreExactlyFour() {
        assertThat(TraceText.escape("a\\b\tc\nd\re")).isEqualTo("a\\\\b\\tc\\nd\\re");
        assertThat(TraceText.unescape("a\\\\b\\tc\\nd\\re")).isEqualTo("a\\b\tc\nd\re");
        assertThat(TraceText.unescape("\\x\\")).isEqualTo("\\x\\");
        assertThat(TraceText.printable("ok\n\u001b[31mred\u2028\"q\"")).isEqualTo("ok\\n\\u001b[31mred\\u2028\\\"q\\\"");
    }

    @Test
    void refusesWhatIsNotAVersion1Meta() {
        assertThatThrownBy(() -> TraceMeta.parse("/t/meta", "")).hasMessage("/t/meta: an empty meta file (not a trace's meta?)");
        assertThatThrownBy(() -> TraceMeta.parse("/t/meta", "hello\nworld\n"))
                .isInstanceOf(TraceFormatException.class)
                .hasMessage("/t/meta: not a Candor trace meta (its first line is not 'candor-trace<TAB>1<TAB>minor')");
        assertThatThrownBy(() -> TraceMeta.parse("/t/meta", "candor-trace\t2\t0\nrun\t1\n"))
                .hasMessage("/t/meta: meta of trace format 2 (this Candor reads 1)");
        assertThatThrownBy(() -> TraceMeta.parse("/t/meta", "candor-trace\t1\t0"))
                .hasMessage("/t/meta: not a Candor trace meta (no complete first line)");
        assertThatThrownBy(() -> TraceMeta.parse("/t/meta", "candor-trace\t1\t0\nthread\t12\tabc\t1\tmain\n"))
                .hasMessage("/t/meta: line 2: 'thread' has 'abc' where a number belongs");
        assertThatThrownBy(() -> TraceMeta.parse("/t/meta", "candor-trace\t1\t0\nrun\t1\nmethod\t7\tLFoo;\n"))
                .hasMessage("/t/meta: line 3: 'method' needs an id, a class, a name and a descriptor");
        assertThatThrownBy(() -> TraceMeta.parse("/t/meta", "candor-trace\t1\t0\ncounter\t16\tcycles\tcount\n"))
                .hasMessage("/t/meta: line 2: counter index 16 (0..15)");
    }

    @Test
    void aLaterMinorVersionReads() throws Exception {
        TraceMeta m = TraceMeta.parse("meta", "candor-trace\t1\t3\nrun\t9\nnew-thing\t1\n");
        assertThat(m.minor()).isEqualTo(3);
        assertThat(m.runId()).isEqualTo(9);
        assertThat(m.otherLines()).isEqualTo(List.of("new-thing\t1"));
    }
}
