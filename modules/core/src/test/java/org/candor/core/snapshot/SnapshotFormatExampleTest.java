package org.candor.core.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import org.candor.core.model.CallNode;
import org.candor.core.model.MethodTable;
import org.candor.core.model.Metric;
import org.candor.core.model.Snapshot;
import org.candor.core.model.SnapshotInfo;
import org.candor.core.model.ThreadProfile;
import org.candor.core.testing.TestSnapshots;
import org.junit.jupiter.api.Test;

/** The worked example of docs/formats/snapshot.md: its bytes are what Candor writes, and read back as described. */
class SnapshotFormatExampleTest {

    private static final Path SPEC = Paths.get("../../docs/formats/snapshot.md");

    /** One property, calls and total time, one method, main calling it 3 times for 1500 ns, one statistic. */
    private static Snapshot example() {
        MethodTable methods = new MethodTable();
        methods.add("a.B", "c", "()V");
        Snapshot s = new Snapshot(new SnapshotInfo().put("mode", "instrumentation"), List.of(Metric.CALLS, Metric.TOTAL_TIME), methods);
        CallNode root = new CallNode(null, CallNode.ROOT, 2);
        CallNode c = new CallNode(root, 0, 2);
        c.setValue(0, 3);
        c.setValue(1, 1500);
        s.addThread(new ThreadProfile(1, "main", TestSnapshots.sumIntoRoot(root)));
        s.putStat("calls.dropped", 0);
        return s;
    }

    /**
     * The bytes of the spec's example block: on each line an optional four-digit hex offset (checked against the
     * bytes so far), then two-digit hex bytes up to the first word of the comment.
     */
    private static byte[] specBytes() throws Exception {
        List<String> lines = Files.readAllLines(SPEC);
        int start = lines.indexOf("## 7. Example");
        assertThat(start).as("the spec's example section").isPositive();
        while (!lines.get(start).equals("```")) start++;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        for (int i = start + 1; !lines.get(i).equals("```"); i++) {
            String[] tokens = lines.get(i).trim().split("\\s+");
            int t = 0;
            if (tokens[0].matches("[0-9A-F]{4}")) {
                assertThat(Integer.parseInt(tokens[0], 16)).as("offset on line %d of the spec", i + 1).isEqualTo(bytes.size());
                t = 1;
            }
            for (; t < tokens.length && tokens[t].matches("[0-9A-F]{2}"); t++) bytes.write(Integer.parseInt(tokens[t], 16));
        }
        return bytes.toByteArray();
    }

    @Test
    void theSpecsExampleIsWhatTheWriterWrites() throws Exception {
        ByteArrayOutputStream written = new ByteArrayOutputStream();
        SnapshotWriter.write(example(), written);
        byte[] spec = specBytes();
        assertThat(spec).hasSize(223);
        assertThat(spec).isEqualTo(written.toByteArray());
    }

    @Test
    void theSpecsExampleReadsBackAsTheSnapshotItDescribes() throws Exception {
        Snapshot read = SnapshotReader.read(specBytes(), "the spec's example");
        TestSnapshots.assertSameSnapshot(read, example());
        assertThat(read.threads().get(0).flat().value(0, 1)).isEqualTo(1500);
    }
}
