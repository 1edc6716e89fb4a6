package org.candor.core.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.candor.core.testing.TestSnapshots.node;
import static org.candor.core.testing.TestSnapshots.root;

import org.candor.core.model.CallNode;
import org.candor.core.model.MethodTable;
import org.candor.core.model.Snapshot;
import org.candor.core.model.ThreadProfile;
import org.candor.core.testing.TestSnapshots;
import org.junit.jupiter.api.Test;

class CollapsedReportTest {

    private static String collapsed(Snapshot s, ReportOptions options) throws Exception {
        StringBuilder out = new StringBuilder();
        ReportFormat.COLLAPSED.write(s, options, out);
        return out.toString();
    }

    @Test
    void selfTimeOfAllThreadsMergedIsTheDefault() throws Exception {
        assertThat(collapsed(TestSnapshots.shop(), ReportOptions.defaults())).isEqualTo(""
                + "com.acme.Main.main 1000000\n"
                + "com.acme.Main.main;com.acme.Shop.run 99000000\n"
                + "com.acme.Main.main;com.acme.Shop.run;com.acme.Cart.add 1500000000\n"
                + "com.acme.Main.main;com.acme.Shop.run;com.acme.Cart.total 400000000\n"
                + "com.acme.Tree$Walker.walk 100000000\n"
                + "com.acme.Tree$Walker.walk;com.acme.Tree$Walker.walk 150000000\n"
                + "com.acme.Tree$Walker.walk;com.acme.Tree$Walker.walk;com.acme.Tree$Walker.walk 50000000\n");
    }

    @Test
    void callsWithAThreadFilterPrefixesTheThreadFrame() throws Exception {
        assertThat(collapsed(TestSnapshots.shop(), ReportOptions.defaults().withValue("calls").withThreads("w*")))
                .isEqualTo(""
                        + "[worker-1 tid=12];com.acme.Tree$Walker.walk 1\n"
                        + "[worker-1 tid=12];com.acme.Tree$Walker.walk;com.acme.Cart.total 5\n"
                        + "[worker-1 tid=12];com.acme.Tree$Walker.walk;com.acme.Tree$Walker.walk 2\n"
                        + "[worker-1 tid=12];com.acme.Tree$Walker.walk;com.acme.Tree$Walker.walk;com.acme.Tree$Walker.walk 4\n");
    }

    @Test
    void threadsMergeAcrossSameStacksAndOverloadsShareAFrame() throws Exception {
        MethodTable m = new MethodTable();
        int run = m.add("p.Job", "run", "()V").id();
        int runInt = m.add("p.Job", "run", "(I)V").id();
        int io = m.add("p.Io$Read", "read", "([B)I").id();
        Snapshot s = TestSnapshots.instrumentation(m);
        CallNode r1 = root(3);
        node(node(r1, run, 1, 100, 60), io, 2, 40, 40);
        CallNode r2 = root(3);
        node(node(r2, runInt, 1, 30, 0), io, 1, 30, 30);
        node(r2, io, 7, 7, 7);
        s.addThread(new ThreadProfile(1, "a", TestSnapshots.sumIntoRoot(r1)));
        s.addThread(new ThreadProfile(2, "b;c", TestSnapshots.sumIntoRoot(r2)));

        assertThat(collapsed(s, ReportOptions.defaults())).isEqualTo(""
                + "p.Io$Read.read 7\n"
                + "p.Job.run 60\n"
                + "p.Job.run;p.Io$Read.read 70\n");
        assertThat(collapsed(s, ReportOptions.defaults().withValue("total"))).isEqualTo(""
                + "p.Io$Read.read 7\n"
                + "p.Job.run 130\n"
                + "p.Job.run;p.Io$Read.read 70\n");
        assertThat(collapsed(s, ReportOptions.defaults().withGrouping(ThreadGrouping.PER_THREAD))).isEqualTo(""
                + "[a tid=1];p.Job.run 60\n"
                + "[a tid=1];p.Job.run;p.Io$Read.read 40\n"
                + "[b:c tid=2];p.Io$Read.read 7\n"
                + "[b:c tid=2];p.Job.run;p.Io$Read.read 30\n");
        assertThat(collapsed(s, ReportOptions.defaults().withThreads("*").withGrouping(ThreadGrouping.MERGED)))
                .startsWith("p.Io$Read.read 7\n");
    }

    @Test
    void pathsAreOrderedFrameByFrame() throws Exception {
        MethodTable m = new MethodTable();
        int c = m.add("a.B", "c", "()V").id();
        int c0 = m.add("a.B", "c0", "()V").id();
        int x = m.add("a.B", "x", "()V").id();
        Snapshot s = TestSnapshots.instrumentation(m);
        CallNode r = root(3);
        node(r, c0, 1, 1, 1);
        node(node(r, c, 1, 2, 1), x, 1, 1, 1);
        s.addThread(new ThreadProfile(1, "t", TestSnapshots.sumIntoRoot(r)));
        assertThat(collapsed(s, ReportOptions.defaults())).isEqualTo("a.B.c 1\na.B.c;a.B.x 1\na.B.c0 1\n");
    }

    @Test
    void namesCannotAddLinesOrFrames() throws Exception {
        MethodTable m = new MethodTable();
        int injected = m.add("a.B", "c\nevil.Frame 999999\r", "()V").id();
        int controls = m.add("a.C\t\u0000\u007F\u0085\u2028", "d;e", "()V").id();
        Snapshot s = TestSnapshots.instrumentation(m);
        CallNode r = root(3);
        node(node(r, injected, 1, 5, 3), controls, 1, 2, 2);
        s.addThread(new ThreadProfile(7, "pool\n[x tid=1];y", TestSnapshots.sumIntoRoot(r)));
        String merged = collapsed(s, ReportOptions.defaults());
        assertThat(merged).isEqualTo("a.B.c evil.Frame 999999  3\n"
                + "a.B.c evil.Frame 999999 ;a.C     .d:e 2\n");
        assertThat(collapsed(s, ReportOptions.defaults().withThreads("*"))).isEqualTo(""
                + "[pool [x tid=1]:y tid=7];a.B.c evil.Frame 999999  3\n"
                + "[pool [x tid=1]:y tid=7];a.B.c evil.Frame 999999 ;a.C     .d:e 2\n");
    }

    @Test
    void unknownValueIsAClearError() {
        assertThatThrownBy(() -> collapsed(TestSnapshots.shop(), ReportOptions.defaults().withValue("samples")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the snapshot has no metric for value 'samples'; its metrics are calls, total_time, self_time");
    }
}
