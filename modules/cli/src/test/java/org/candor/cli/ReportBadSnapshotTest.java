package org.candor.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.candor.cli.InProcessCli.candor;
import static org.candor.cli.InProcessCli.oneLine;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.zip.CRC32C;
import org.candor.core.model.CallNode;
import org.candor.core.model.MethodTable;
import org.candor.core.model.Snapshot;
import org.candor.core.model.SnapshotInfo;
import org.candor.core.model.ThreadProfile;
import org.candor.core.snapshot.SnapshotWriter;
import org.candor.core.testing.FuzzChecks;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code candor report} of files that are no snapshot or that lie: one line and exit 1, or a report; never "internal
 * error" and a stack trace, never a file read whole to find out it is none.
 */
class ReportBadSnapshotTest {

    @TempDir Path tmp;


    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS) // it read /dev/zero up to 2 GB, or to an OutOfMemoryError
    void devZeroIsRefusedAtOnceInOneLine() {
        assumeTrue(Files.exists(Path.of("/dev/zero")));
        long before = FuzzChecks.allocatedBytes();
        for (String format : new String[] {"text", "collapsed", "csv"}) {
            oneLine(candor("report", "/dev/zero", "--format", format), 1,
                    "candor: error: snapshot /dev/zero is not a Candor snapshot (magic bytes are 00 00 00 00 00 00 00 00)");
        }
        assertThat(FuzzChecks.allocatedBytes() - before).as("bytes allocated").isLessThan(16L << 20);
    }

    @Test
    void absurdTimesAndAStatisticNamedCalibrationCountAreReported() throws Exception {
        MethodTable methods = new MethodTable();
        int run = methods.add("com.acme.Main", "run", "()V").id();
        SnapshotInfo info = new SnapshotInfo().put(SnapshotInfo.MODE, "instrumentation").put(SnapshotInfo.START_TIME, "0")
                .put(SnapshotInfo.END_TIME, "999999999999999999").put(SnapshotInfo.INTERVAL_NS, "99999999999999999999");
        Snapshot s = new Snapshot(info, Snapshot.instrumentationMetrics(), methods);
        CallNode root = new CallNode(null, CallNode.ROOT, 3);
        CallNode n = new CallNode(root, run, 3);
        for (int k = 0; k < 3; k++) {
            n.setValue(k, 10);
            root.setValue(k, 10);
        }
        s.addThread(new ThreadProfile(1, "main", root));
        s.putStat("calibration.count", 5).putStat("calibration..count", 6).putStat("calibration.x.min_ps", Long.MIN_VALUE);
        Path f = tmp.resolve("absurd.candor");
        SnapshotWriter.write(s, f);
        InProcessCli.Run r = candor("report", f.toString());
        assertThat(r.exit).as(r.toString()).isZero();
        assertThat(r.err).isEmpty();
        assertThat(r.out).contains("  Duration:   999999999999999 s\n", "  calibration.count   5\n", "  Interval:   99999999999999999999\n");
    }

    @Test
    void aClimbPastTheRootIsOneLineNotAnInternalError() throws Exception {
        // 1.0: a node at depth 2, then one whose climb, 2^63 + 3, compared signed, was an index of -1
        Path f = Files.write(tmp.resolve("climb.candor"), version1(0, 0, Long.MIN_VALUE + 3));
        oneLine(candor("report", f.toString()), 1, "candor: error: snapshot " + f + " is corrupt: section THRD at offset 135:"
                + " node 3 of thread t climbs 9223372036854775811 levels from depth 2");
        Path ok = Files.write(tmp.resolve("ok.candor"), version1(0, 0, 2));
        assertThat(candor("report", ok.toString(), "--format", "collapsed").out).isEqualTo("a.B.c 2\na.B.c;a.B.c 1\n"); // the two outermost calls share a line
    }

    /**
     * A 1.0 snapshot (docs/formats/snapshot.md, appendix A) of one method a.B.c and one thread t: the root, then a
     * node of a.B.c for each climb, each with calls 1, total 2, self 1.
     */
    private static byte[] version1(long... climbs) {
        ByteArrayOutputStream file = new ByteArrayOutputStream();
        file.writeBytes(new byte[] {'C', 'A', 'N', 'D', 'O', 'R', 0, 'S', 0, 1, 0, 0});
        ByteArrayOutputStream metrics = new ByteArrayOutputStream();
        uvarint(metrics, 3);
        for (String[] m : new String[][] {{"calls", "Calls", "count"}, {"total_time", "Total time", "nanos"},
                {"self_time", "Self time", "nanos"}}) {
            for (String text : m) string(metrics, text);
            uvarint(metrics, m[0].equals("total_time") ? 1 : 0);
        }
        section(file, "MTRC", metrics);
        ByteArrayOutputStream methods = new ByteArrayOutputStream();
        uvarint(methods, 1);
        for (String text : new String[] {"a.B", "c", "()V"}) string(methods, text);
        section(file, "MTHD", methods);
        ByteArrayOutputStream thread = new ByteArrayOutputStream();
        uvarint(thread, 2); // thread id 1, zigzag
        string(thread, "t");
        uvarint(thread, 1 + climbs.length);
        for (int k = 0; k < 3; k++) uvarint(thread, 0);
        for (long climb : climbs) {
            uvarint(thread, climb);
            uvarint(thread, 0);
            for (long v : new long[] {1, 2, 1}) uvarint(thread, v << 1);
        }
        section(file, "THRD", thread);
        file.writeBytes("END!".getBytes(StandardCharsets.US_ASCII));
        file.writeBytes(ByteBuffer.allocate(8).putLong(4).array());
        CRC32C crc = new CRC32C();
        crc.update(file.toByteArray());
        file.writeBytes(ByteBuffer.allocate(4).putInt((int) crc.getValue()).array());
        return file.toByteArray();
    }

    private static void section(ByteArrayOutputStream file, String tag, ByteArrayOutputStream payload) {
        file.writeBytes(tag.getBytes(StandardCharsets.US_ASCII));
        file.writeBytes(ByteBuffer.allocate(8).putLong(payload.size()).array());
        file.writeBytes(payload.toByteArray());
    }

    private static void uvarint(ByteArrayOutputStream out, long v) {
        while ((v & ~0x7FL) != 0) {
            out.write((int) (v & 0x7F) | 0x80);
            v >>>= 7;
        }
        out.write((int) v);
    }

    private static void string(ByteArrayOutputStream out, String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        uvarint(out, b.length);
        out.writeBytes(b);
    }
}
