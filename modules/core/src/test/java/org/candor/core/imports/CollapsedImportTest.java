package org.candor.core.imports;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.candor.core.testing.CallNodes.sampledNode;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.candor.core.analysis.SamplingQuality;
import org.candor.core.model.CallNode;
import org.candor.core.model.MethodTable;
import org.candor.core.model.Snapshot;
import org.candor.core.model.SnapshotInfo;
import org.candor.core.model.ThreadProfile;
import org.candor.core.report.ReportFormat;
import org.candor.core.report.ReportOptions;
import org.candor.core.report.ThreadGrouping;
import org.candor.core.snapshot.SnapshotFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Collapsed stacks imported: Candor's own round-trip, async-profiler's become per-thread trees, bad lines one line. */
class CollapsedImportTest {

    @TempDir Path tmp;

    /** Two threads: main runs a() -> b() (7 self in b, 3 in a) and c() (5); worker runs a() -> c() (2), a hidden class. */
    private static Snapshot sampled() {
        MethodTable methods = new MethodTable();
        int a = methods.add("com.acme.Main", "a", "()V").id();
        int b = methods.add("com.acme.Main", "b", "(I)V").id();
        int c = methods.add("com.acme.Util$Inner", "c", "()V").id();
        int l = methods.add("com.acme.Main$$Lambda/0x0000000800c01234", "run", "()V").id();
        Snapshot s = new Snapshot(new SnapshotInfo().put(SnapshotInfo.MODE, "sampling"), Snapshot.samplingMetrics(false), methods);
        CallNode main = new CallNode(null, CallNode.ROOT, 4);
        CallNode na = sampledNode(main, a, 10, 3);
        sampledNode(na, b, 7, 7);
        sampledNode(main, c, 5, 5);
        main.setValue(2, 15);
        main.setValue(0, 15);
        s.addThread(new ThreadProfile(1, "main", main));
        CallNode worker = new CallNode(null, CallNode.ROOT, 4);
        CallNode wl = sampledNode(worker, l, 2, 0);
        sampledNode(sampledNode(wl, a, 2, 0), c, 2, 2);
        worker.setValue(2, 2);
        worker.setValue(0, 2);
        s.addThread(new ThreadProfile(12, "worker-1", worker));
        return s;
    }

    private static String collapsed(SnapshotFile file, ThreadGrouping grouping) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ReportFormat.COLLAPSED.write(file, ReportOptions.defaults().withValue("self_samples").withGrouping(grouping), out);
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void candorsOwnCollapsedReportRoundTrips() throws Exception {
        for (ThreadGrouping grouping : new ThreadGrouping[] {ThreadGrouping.MERGED, ThreadGrouping.PER_THREAD}) {
            String first = collapsed(SnapshotFile.of(sampled()), grouping);
            assertThat(first.lines().count()).isGreaterThanOrEqualTo(4);
            Path file = Files.writeString(tmp.resolve(grouping + ".txt"), first); // told by its content, not its name
            assertThat(ProfileFiles.formatOf(file)).isEqualTo(ProfileFormat.COLLAPSED);
            try (SnapshotFile imported = ProfileFiles.open(file)) {
                assertThat(collapsed(imported, grouping)).as(grouping.toString()).isEqualTo(first);
            }
        }
    }

    @Test
    void theCountsAreReadInTheUnitSaid() throws Exception {
        Path file = Files.writeString(tmp.resolve("unit.collapsed"), "a.B.c;a.B.d 3000000\na.B.c 1000000\n");
        // samples at an interval given: times are counts x the interval
        Snapshot given = ProfileFiles.importSnapshot(file, ProfileFormat.COLLAPSED, CollapsedUnit.samples(20_000_000L));
        assertThat(given.threads().get(0).root().value(0)).isEqualTo(4_000_000L * 20_000_000L);
        assertThat(given.info().get(SnapshotInfo.INTERVAL_NS)).isEqualTo("20000000");
        // times in ns (Candor's export of times): a count is that many nanoseconds, one "sample" each
        Snapshot ns = ProfileFiles.importSnapshot(file, ProfileFormat.COLLAPSED, CollapsedUnit.of(CollapsedUnit.Time.NS));
        CallNode c = ns.threads().get(0).root().children().get(0);
        assertThat(c.value(0)).as("total").isEqualTo(4_000_000L);
        assertThat(c.value(1)).as("self").isEqualTo(1_000_000L);
        assertThat(ns.info().get(CollapsedStacks.UNIT)).startsWith("ns");
        Snapshot ms = ProfileFiles.importSnapshot(file, ProfileFormat.COLLAPSED, CollapsedUnit.of(CollapsedUnit.Time.MS));
        assertThat(ms.threads().get(0).root().children().get(0).value(1)).isEqualTo(1_000_000L * 1_000_000L);
        // said nothing: samples at the assumed 10 ms, as before
        Snapshot assumed = ProfileFiles.importSnapshot(file, ProfileFormat.COLLAPSED);
        assertThat(assumed.threads().get(0).root().children().get(0).value(1)).isEqualTo(1_000_000L * CollapsedStacks.ASSUMED_INTERVAL_NS);
        assertThat(assumed.info().get(CollapsedStacks.INTERVAL_SOURCE)).startsWith("assumed");
    }

    @Test
    void anImportedProfileIsSavedAsARealSnapshot() throws Exception {
        String first = collapsed(SnapshotFile.of(sampled()), ThreadGrouping.MERGED);
        Path file = Files.writeString(tmp.resolve("saved.collapsed"), first);
        Path saved = tmp.resolve("saved.candor");
        ProfileFiles.saveAsSnapshot(file, saved);
        assertThat(ProfileFiles.formatOf(saved)).isEqualTo(ProfileFormat.CANDOR);
        try (SnapshotFile snapshot = SnapshotFile.open(saved)) {
            assertThat(collapsed(snapshot, ThreadGrouping.MERGED)).isEqualTo(first);
        }
        // a snapshot is saved as its bytes
        Path again = tmp.resolve("again.candor");
        ProfileFiles.saveAsSnapshot(saved, again);
        assertThat(Files.readAllBytes(again)).isEqualTo(Files.readAllBytes(saved));
    }

    @Test
    void asyncProfilerThreadFramesAndTypeSuffixesMakePerThreadTrees() throws Exception {
        Path file = Files.writeString(tmp.resolve("app.collapsed"),
                "[main tid=1];java/lang/Thread.run_[j];com/acme/Work.loop_[j];com/acme/Work.hash_[i] 30\n"
                + "[main tid=1];java/lang/Thread.run_[j];com/acme/Work.loop_[j] 10\n"
                + "\n"
                + "[worker-1 tid=12];java.lang.Thread.run;com.acme.Io.read_[0];__libc_read_[k] 5\n");
        Snapshot s = ProfileFiles.importSnapshot(file, ProfileFormat.COLLAPSED);
        assertThat(s.threads()).extracting(ThreadProfile::name).containsExactly("main", "worker-1");
        assertThat(s.threads()).extracting(ThreadProfile::threadId).containsExactly(1L, 12L);
        ThreadProfile main = s.threads().get(0);
        assertThat(main.root().value(2)).isEqualTo(40);
        CallNode run = main.root().children().get(0);
        assertThat(s.methods().get(run.methodId()).qualifiedName()).isEqualTo("java.lang.Thread.run");
        CallNode loop = run.children().get(0);
        assertThat(s.methods().get(loop.methodId()).qualifiedName()).isEqualTo("com.acme.Work.loop");
        assertThat(loop.value(2)).isEqualTo(40);
        assertThat(loop.value(3)).isEqualTo(10);
        assertThat(loop.value(0)).isEqualTo(40 * CollapsedStacks.ASSUMED_INTERVAL_NS);
        assertThat(s.methods().get(loop.children().get(0).methodId()).qualifiedName()).isEqualTo("com.acme.Work.hash");
        assertThat(JfrImportTest.selfSamples(s)).containsEntry("[vm].__libc_read", 5L).containsEntry("com.acme.Work.hash", 30L);
        assertThat(s.info().get(ProfileFiles.IMPORT_FORMAT)).isEqualTo("collapsed");
        assertThat(s.info().get(SnapshotInfo.MODE)).isEqualTo("sampling");
        // the header's Samples line: what the file held, no delivery ratio the file cannot give
        assertThat(SamplingQuality.of(s).summary()).isEqualTo("45 samples, imported");
    }

    /**
     * {@code perf script | stackcollapse-perf.pl --tid --all} of a JVM: Java frames named by HotSpot's own perf map
     * (return type first, the arguments dropped by stackcollapse) and by perf-map-agent (a class signature, its
     * {@code ;} made {@code :} by stackcollapse, {@code ::}),
     * C++ and kernel frames, and the {@code comm-PID/TID} frame that names the thread.
     */
    @Test
    void perfScriptStacksCollapsedMakeJavaMethodsAndThreads() throws Exception {
        Path file = Files.writeString(tmp.resolve("perf.folded"),
                "java-4711/4712;start_thread;thread_native_entry;JavaThread::run;JavaCalls::call_helper;"
                        + "void java.lang.Thread.run_[j];void com.acme.Work.loop_[j];int com.acme.Work.hash_[j] 30\n"
                        + "java-4711/4712;start_thread;JavaCalls::call_helper;void java.lang.Thread.run_[j];"
                        + "java.lang.String[] com.acme.Work.split_[j];__memmove_avx_unaligned_erms 4\n"
                        + "C2 CompilerThre-4711/4720;start_thread;Compile::Compile;PhaseIdealLoop::build_loop_tree 6\n"
                        + "java-4711/4730;start_thread;Ljava/lang/Thread:::run;Lcom/acme/Io:::read;"
                        + "entry_SYSCALL_64_[k];ksys_read_[k] 5\n"
                        + "java-4711/4730;start_thread;java/lang/Thread:::run;com/acme/Io:::read 2\n");
        assertThat(ProfileFiles.formatOf(file)).isEqualTo(ProfileFormat.COLLAPSED);
        Snapshot s = ProfileFiles.importSnapshot(file, ProfileFormat.COLLAPSED);
        assertThat(s.threads()).extracting(ThreadProfile::threadId).containsExactlyInAnyOrder(4712L, 4720L, 4730L);
        assertThat(s.threads()).extracting(ThreadProfile::name).contains("java", "C2 CompilerThre");
        assertThat(JfrImportTest.selfSamples(s))
                .containsEntry("com.acme.Work.hash", 30L)
                .containsEntry("[vm].__memmove_avx_unaligned_erms", 4L)
                .containsEntry("[vm].PhaseIdealLoop::build_loop_tree", 6L)
                .containsEntry("[vm].ksys_read", 5L)
                .containsEntry("com.acme.Io.read", 2L);
        List<String> names = new java.util.ArrayList<>();
        for (int m = 0; m < s.methods().size(); m++) names.add(s.methods().get(m).qualifiedName());
        assertThat(names).contains("java.lang.Thread.run", "com.acme.Work.loop", "com.acme.Work.split",
                "[vm].JavaCalls::call_helper").doesNotContain("[vm].java", "void java.lang.Thread.run");
    }

    @Test
    void anAsyncProfilerCollapsedFileRoundTrips() throws Exception {
        // as async-profiler -t writes them: a thread frame ([tid=N] for a thread without a name), JVM names with
        // slashes, frame type suffixes, a hidden class, native and kernel frames by their symbol alone
        String written = "[main tid=1];java/lang/Thread.run_[j];com/acme/Work.loop_[j];com/acme/Work.hash_[i] 30\n"
                + "[main tid=1];java/lang/Thread.run_[j];com/acme/Work.loop_[j];os::javaTimeNanos;clock_gettime 4\n"
                + "[main tid=1];java/lang/Thread.run_[j];com/acme/Work.loop_[j] 10\n"
                + "[main tid=1];com/acme/Work$$Lambda$14.0x00007f3c0c00a000.run;I2C/C2I adapters(0xb) 3\n"
                + "[worker-1 tid=12];java/lang/Thread.run_[j];com/acme/Io.read_[0];__libc_read_[k];[vdso] 5\n"
                + "[tid=77];start_thread;thread_native_entry;non-virtual thunk to Foo::run 2\n";
        Path file = Files.writeString(tmp.resolve("async.collapsed"), written);
        try (SnapshotFile imported = ProfileFiles.open(file)) {
            String again = collapsed(imported, ThreadGrouping.PER_THREAD);
            // the same stacks and counts, the frames as Candor names them: dots for a class's slashes, no type
            // suffixes, a hidden class as the JVM names it, a native frame's spaces made _
            assertThat(again.lines().sorted()).containsExactly(
                    "[main tid=1];com.acme.Work$$Lambda$14/0x00007f3c0c00a000.run;I2C/C2I_adapters(0xb) 3",
                    "[main tid=1];java.lang.Thread.run;com.acme.Work.loop 10",
                    "[main tid=1];java.lang.Thread.run;com.acme.Work.loop;com.acme.Work.hash 30",
                    "[main tid=1];java.lang.Thread.run;com.acme.Work.loop;os::javaTimeNanos;clock_gettime 4",
                    "[tid=77];start_thread;thread_native_entry;non-virtual_thunk_to_Foo::run 2",
                    "[worker-1 tid=12];java.lang.Thread.run;com.acme.Io.read;__libc_read;[vdso] 5");
        }
    }

    @Test
    void aGarbageLineIsNamedByItsNumber() throws Exception {
        Path file = Files.writeString(tmp.resolve("x.collapsed"), "a.B.c;a.B.d 3\n\nthis is not a stack\na.B.c 1\n");
        assertThatThrownBy(() -> ProfileFiles.open(file))
                .isInstanceOf(ProfileImportException.class).hasMessage(file + ":3: not 'frames count'");
    }

    @Test
    void anEmptyFileIsRefused() throws Exception {
        Path file = Files.writeString(tmp.resolve("x.collapsed"), "\n");
        assertThatThrownBy(() -> ProfileFiles.open(file))
                .isInstanceOf(ProfileImportException.class).hasMessage(file + ": no 'frames count' line: not collapsed stacks");
    }

    @Test
    void textThatIsNoStacksIsLeftToTheSnapshotReader() throws Exception {
        Path file = Files.writeString(tmp.resolve("notes.txt"), "hello\nworld 3\n");
        assertThat(ProfileFiles.formatOf(file)).isEqualTo(ProfileFormat.CANDOR);
        assertThat(ProfileFiles.formatOf(tmp.resolve("missing"))).isEqualTo(ProfileFormat.CANDOR);
    }
}
