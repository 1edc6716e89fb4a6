package org.candor.core.snapshot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.candor.core.snapshot.RawSnapshotFile.node;
import static org.candor.core.snapshot.RawSnapshotFile.thread2;
import static org.candor.core.snapshot.RawSnapshotFile.values;

import java.nio.file.Files;
import java.nio.file.Path;
import org.candor.core.model.CallNode;
import org.candor.core.model.Snapshot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Format 2.0 files that are well framed and checksummed but whose trees or sections break the rules: each is one
 * line from the model reader and from the in-place reader, never an exception of another kind or an allocation
 * sized by the bad number.
 */
class Format2CorruptionTest {

    @TempDir Path dir;

    private static final long[] ZERO = values(0, 0, 0);

    /** MTRC (calls, total, self), MTHD (one method, id 0), the given THRD. */
    private static byte[] file(ByteSink thread) {
        return new RawSnapshotFile(2, 0).section("MTRC", RawSnapshotFile.metrics())
                .section("MTHD", RawSnapshotFile.methods()).section("THRD", thread).end();
    }

    /** The problem the model reader reports; the in-place reader must report the same one for a full walk. */
    private String failureOf(byte[] content) throws Exception {
        Path f = dir.resolve("bad.candor");
        Files.write(f, content);
        Throwable t = catchThrowable(() -> SnapshotReader.read(f));
        assertThat(t).isExactlyInstanceOf(SnapshotFormatException.class);
        assertThat(t.getMessage()).doesNotContain("\n").startsWith("snapshot " + f + " is corrupt: ");
        return t.getMessage().substring(("snapshot " + f + " is corrupt: ").length());
    }

    @Test
    void aValidTreeReads() throws Exception {
        ByteSink leaf = node(1, values(2, 40, 40));
        ByteSink child = node(1, values(1, 100, 60), leaf);
        ByteSink root = node(0, values(1, 100, 60), child);
        Path f = dir.resolve("ok.candor");
        Files.write(f, file(thread2(7, "t", 3, root)));
        Snapshot s = SnapshotReader.read(f);
        CallNode c = s.threads().get(0).root().children().get(0);
        assertThat(c.value(1)).isEqualTo(100);
        assertThat(c.children().get(0).value(0)).isEqualTo(2);
    }

    @Test
    void anExtentRunningPastItsParentIsCorrupt() throws Exception {
        ByteSink child = RawSnapshotFile.nodeWithExtent(200, 1, ZERO);
        ByteSink root = node(0, ZERO, child);
        assertThat(failureOf(file(thread2(1, "t", 2, root))))
                .matches("the node at offset \\d+ claims 200 bytes, the record around it ends at \\d+");
    }

    @Test
    void aRootRunningPastItsSectionIsCorrupt() throws Exception {
        ByteSink root = RawSnapshotFile.nodeWithExtent(99, 0, ZERO);
        assertThat(failureOf(file(thread2(1, "t", 1, root)))).contains("claims 99 bytes");
    }

    @Test
    void childrenEndingBeforeTheirParentsExtentAreCorrupt() throws Exception {
        ByteSink child = node(1, ZERO);
        ByteSink body = RawSnapshotFile.payload(); // the root's fields, its child, then two stray bytes
        body.uvarint(0);
        for (long v : ZERO) body.svarint(v);
        body.uvarint(1);
        body.bytes(child.array(), 0, child.size());
        body.uvarint(0);
        body.uvarint(0);
        ByteSink root = RawSnapshotFile.payload();
        root.uvarint(body.size());
        root.bytes(body.array(), 0, body.size());
        assertThat(failureOf(file(thread2(1, "t", 2, root))))
                .matches("the children of the node at offset \\d+ end at \\d+, its extent says \\d+");
    }

    @Test
    void aLeafWithBytesLeftInItsExtentIsCorrupt() throws Exception {
        ByteSink root = RawSnapshotFile.nodeWithExtent(6, 0, ZERO); // 5 bytes of fields in 6
        ByteSink padded = RawSnapshotFile.payload();
        padded.bytes(root.array(), 0, root.size());
        padded.uvarint(0);
        assertThat(failureOf(file(thread2(1, "t", 1, padded)))).contains("has no children, but its extent leaves 1 bytes");
    }

    @Test
    void aMethodIdOutsideTheTableIsCorrupt() throws Exception {
        ByteSink root = node(0, ZERO, node(6, ZERO)); // method 5; the table has 1
        assertThat(failureOf(file(thread2(1, "t", 2, root))))
                .matches("the node at offset \\d+ refers to method 5, the method table has 1");
        root = node(0, ZERO, node(0, ZERO)); // 0 is for roots
        assertThat(failureOf(file(thread2(1, "t", 2, root)))).contains("refers to method none (0 is the root's)");
        root = node(3, ZERO);
        assertThat(failureOf(file(thread2(1, "t", 1, root)))).contains("names method 2; a root has none (0)");
    }

    @Test
    void fieldsOf2To63AndMoreAreCorruptNotWrappedToSmallOrNegativeNumbers() throws Exception {
        // compared signed, a method field of 2^63 read as method 2^63 - 1 truncated to an int (0), one of 2^64 - 1 as
        // method -2 (a root's id to some, an index out of bounds to others)
        ByteSink root = node(0, ZERO, node(Long.MIN_VALUE, ZERO));
        assertThat(failureOf(file(thread2(1, "t", 2, root))))
                .matches("the node at offset \\d+ refers to method 9223372036854775807, the method table has 1");
        root = node(0, ZERO, node(-1L, ZERO));
        assertThat(failureOf(file(thread2(1, "t", 2, root))))
                .matches("the node at offset \\d+ refers to method 18446744073709551614, the method table has 1");
        // a child count of 2^64 - 1 was an int of -1 children, 2^63 one of 0
        for (long count : new long[] {-1L, Long.MIN_VALUE}) {
            root = RawSnapshotFile.nodeWithCount(count, 0, ZERO);
            assertThat(failureOf(file(thread2(1, "t", 1, root)))).matches("the child count " + Long.toUnsignedString(count)
                    + " of the node at offset \\d+ cannot fit in the 0 bytes left in its record");
        }
    }

    @Test
    void anExtentOf2To63AndMoreIsCorruptInPlaceToo() throws Exception {
        // the in-place reader lists a node's children by their extents: one of 2^64 - 1 pointed before the file
        ByteSink child = RawSnapshotFile.nodeWithExtent(-1L, 1, ZERO);
        ByteSink root = node(0, ZERO, child, node(1, ZERO));
        byte[] b = file(thread2(1, "t", 3, root));
        assertThat(failureOf(b)).matches("the node at offset \\d+ claims 18446744073709551615 bytes, the record around it ends at \\d+");
        try (SnapshotFile f = SnapshotFile.of(b, "bad.candor")) {
            TreeNode r = f.newNode();
            f.readRoot(f.threads().get(0), r);
            Throwable t = catchThrowable(() -> f.childOffsets(r));
            assertThat(t).isExactlyInstanceOf(SnapshotFormatException.class)
                    .hasMessageMatching("snapshot bad.candor is corrupt: the node at offset \\d+ claims 18446744073709551615 bytes, .*");
        }
    }

    @Test
    void countsLargerThanTheBytesLeftAreCorruptBeforeAnyAllocation() throws Exception {
        ByteSink root = RawSnapshotFile.nodeWithCount(1L << 40, 0, ZERO);
        assertThat(failureOf(file(thread2(1, "t", 1, root))))
                .matches("the child count 1099511627776 of the node at offset \\d+ cannot fit in the 0 bytes left in its record");
        root = node(0, ZERO);
        assertThat(failureOf(file(thread2(1, "t", Integer.MAX_VALUE, root))))
                .contains("section THRD").contains("the node count 2147483647");
        assertThat(failureOf(file(thread2(1, "t", 0, root)))).contains("thread t has no root node");
    }

    @Test
    void aNodeCountThatDisagreesWithTheTreeIsCorrupt() throws Exception {
        ByteSink root = node(0, ZERO, node(1, ZERO), node(1, ZERO));
        ByteSink thread = thread2(4, "t", 2, root);
        thread.bytes(new byte[20], 0, 20); // room for the count to pass the bound check
        assertThat(failureOf(file(thread))).isEqualTo("thread t (#4) has more nodes than the 2 its section's head states");
        thread = thread2(4, "t", 4, root);
        thread.bytes(new byte[20], 0, 20);
        assertThat(failureOf(file(thread))).isEqualTo("thread t (#4) has 3 nodes, its section's head states 4");
    }

    @Test
    void theMethodTableMayComeAfterTheTrees() throws Exception {
        ByteSink root = node(0, values(3, 1500, 0), node(1, values(3, 1500, 1500)));
        byte[] b = new RawSnapshotFile(2, 0).section("MTRC", RawSnapshotFile.metrics())
                .section("THRD", thread2(1, "main", 2, root)).section("MTHD", RawSnapshotFile.methods()).end();
        Path f = dir.resolve("late.candor");
        Files.write(f, b);
        Snapshot s = SnapshotReader.read(f);
        assertThat(s.methods().get(s.threads().get(0).root().children().get(0).methodId()).qualifiedName()).isEqualTo("a.B.c");
        b = new RawSnapshotFile(2, 0).section("THRD", thread2(1, "main", 2, root))
                .section("MTHD", RawSnapshotFile.methods()).section("MTRC", RawSnapshotFile.metrics()).end();
        Files.write(f, b);
        assertThat(SnapshotReader.read(f).threads()).hasSize(1);
    }

    @Test
    void aMissingMethodTableIsCorrupt() throws Exception {
        ByteSink root = node(0, ZERO);
        byte[] b = new RawSnapshotFile(2, 0).section("MTRC", RawSnapshotFile.metrics())
                .section("THRD", thread2(1, "main", 1, root)).end();
        assertThat(failureOf(b)).isEqualTo("it has no MTHD section");
    }

    @Test
    void flatSectionsMustFollowTheirThreadOnceWithKnownMethods() throws Exception {
        ByteSink root = node(0, ZERO);
        ByteSink flat = flat(1, 0, 0);
        byte[] b = new RawSnapshotFile(2, 0).section("MTRC", RawSnapshotFile.metrics()).section("MTHD", RawSnapshotFile.methods())
                .section("FLAT", flat).section("THRD", thread2(1, "t", 1, root)).end();
        assertThat(failureOf(b)).endsWith("it is for thread #1, which has no THRD section before it");
        b = new RawSnapshotFile(2, 0).section("MTRC", RawSnapshotFile.metrics()).section("MTHD", RawSnapshotFile.methods())
                .section("THRD", thread2(1, "t", 1, root)).section("FLAT", flat).section("FLAT", flat).end();
        assertThat(failureOf(b)).endsWith("thread t (#1) has a FLAT section already");
        b = new RawSnapshotFile(2, 0).section("MTRC", RawSnapshotFile.metrics()).section("MTHD", RawSnapshotFile.methods())
                .section("THRD", thread2(1, "t", 1, root)).section("FLAT", flat(1, 0, 3)).end();
        assertThat(failureOf(b)).endsWith("row 1 refers to method 3, the method table has 1");
        b = new RawSnapshotFile(2, 0).section("MTRC", RawSnapshotFile.metrics()).section("MTHD", RawSnapshotFile.methods())
                .section("THRD", thread2(1, "t", 1, root)).section("FLAT", flat(1, 0, 0)).end();
        assertThat(failureOf(b)).endsWith("row 1 repeats method 0");
    }

    @Test
    void aFlatSectionIsReadAsTheThreadsExactFigures() throws Exception {
        ByteSink root = node(0, values(1, 10, 10), node(1, values(1, 10, 10)));
        ByteSink flat = RawSnapshotFile.payload();
        flat.svarint(1);
        flat.uvarint(1);
        flat.uvarint(0);
        for (long v : values(5, 50, 50)) flat.svarint(v); // more than the tree: calls the tree could not hold
        byte[] b = new RawSnapshotFile(2, 0).section("MTRC", RawSnapshotFile.metrics()).section("MTHD", RawSnapshotFile.methods())
                .section("THRD", thread2(1, "t", 2, root)).section("FLAT", flat).end();
        Path f = dir.resolve("flat.candor");
        Files.write(f, b);
        Snapshot s = SnapshotReader.read(f);
        assertThat(s.threads().get(0).flat().value(0, 0)).isEqualTo(5);
        assertThat(s.threads().get(0).flat().value(0, 1)).isEqualTo(50);
    }

    /** A FLAT payload for thread 1 with a row of zeros per given method id. */
    private static ByteSink flat(long threadId, int... methods) {
        ByteSink p = RawSnapshotFile.payload();
        p.svarint(threadId);
        p.uvarint(methods.length);
        for (int m : methods) {
            p.uvarint(m);
            for (long v : ZERO) p.svarint(v);
        }
        return p;
    }
}
