package org.candor.core.snapshot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.SequenceInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import java.util.zip.CRC32C;
import org.candor.core.model.Snapshot;
import org.candor.core.testing.TestSnapshots;
import org.candor.core.testing.FuzzChecks;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SnapshotCorruptionTest {

    @TempDir Path dir;

    private Path file(String name, byte[] content) throws Exception {
        Path f = dir.resolve(name);
        Files.write(f, content);
        return f;
    }

    private static byte[] shopBytes() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        SnapshotWriter.write(TestSnapshots.shop(), out);
        return out.toByteArray();
    }

    /** Reads the file and returns the single-line message of the format exception it must give. */
    private static String failureOf(Path f) {
        Throwable t = catchThrowable(() -> SnapshotReader.read(f));
        assertThat(t).isExactlyInstanceOf(SnapshotFormatException.class);
        assertThat(t.getMessage()).doesNotContain("\n").startsWith("snapshot " + f + " ");
        return t.getMessage();
    }

    @Test
    void emptyFile() throws Exception {
        Path f = file("empty.candor", new byte[0]);
        assertThat(failureOf(f)).isEqualTo("snapshot " + f + " is empty (0 bytes)");
    }

    @Test
    void zipFileIsNotASnapshot() throws Exception {
        Path f = file("x.candor", new byte[] {0x50, 0x4B, 0x03, 0x04, 0x14, 0, 0, 0, 8, 0, 0, 0, 0, 0});
        assertThat(failureOf(f)).isEqualTo("snapshot " + f + " is not a Candor snapshot (magic bytes are 50 4B 03 04 14 00 00 00)");
    }

    @Test
    void randomBytesAreNotASnapshot() throws Exception {
        byte[] noise = new byte[10_000];
        new Random(7).nextBytes(noise);
        noise[0] = 'X';
        assertThat(failureOf(file("noise.candor", noise))).contains("is not a Candor snapshot (magic bytes are 58 ");
    }

    @Test
    void randomBytesAfterAValidHeaderAreTruncatedOrCorruptButNeverCrash() throws Exception {
        Random random = new Random(11);
        for (int i = 0; i < 300; i++) {
            byte[] noise = new byte[random.nextInt(3000)];
            random.nextBytes(noise);
            byte[] b = Arrays.copyOf(shopBytes(), 12 + noise.length);
            System.arraycopy(noise, 0, b, 12, noise.length);
            assertThat(failureOf(file("noise" + i + ".candor", b))).containsAnyOf("is truncated", "is corrupt");
        }
    }

    @Test
    void everyTruncationIsReportedAsSuch() throws Exception {
        byte[] full = shopBytes();
        Path f = dir.resolve("cut.candor");
        for (int length = 1; length < full.length; length++) {
            Files.write(f, Arrays.copyOf(full, length));
            String message = failureOf(f);
            if (length < 12) {
                assertThat(message).endsWith("is truncated: the header needs 12 bytes, the file ends at " + length);
            } else {
                assertThat(message).as("cut at %d", length).contains(" is truncated: ")
                        .contains("the file ends at " + length);
            }
        }
    }

    @Test
    void truncationInsideASectionNamesTheSectionAndTheBytesItNeeds() throws Exception {
        byte[] full = shopBytes();
        int thread = indexOf(full, "THRD");
        Path f = file("cut.candor", Arrays.copyOf(full, thread + 20));
        long length = java.nio.ByteBuffer.wrap(full, thread + 4, 8).getLong();
        assertThat(failureOf(f)).isEqualTo("snapshot " + f + " is truncated: section THRD needs " + length
                + " bytes at offset " + (thread + 12) + ", the file ends at " + (thread + 20));
    }

    @Test
    void futureMajorVersionIsRefusedBeforeAnythingElse() throws Exception {
        byte[] b = new RawSnapshotFile(3, 0).section("ZZZZ", RawSnapshotFile.payload()).end();
        Path f = file("future.candor", b);
        assertThat(failureOf(f)).isEqualTo("snapshot " + f + " was written by format version 3.0; this Candor reads up to 2.x");
        byte[] truncatedFuture = Arrays.copyOf(b, 12);
        assertThat(failureOf(file("future2.candor", truncatedFuture))).contains("format version 3.0");
    }

    @Test
    void olderMajorVersionIsRefused() throws Exception {
        Path f = file("old.candor", new RawSnapshotFile(0, 9).end());
        assertThat(failureOf(f)).endsWith("was written by format version 0.9, which this Candor no longer reads (it reads 1.x to 2.x)");
    }

    @Test
    void flippedByteAnywhereAfterTheHeaderIsAChecksumMismatch() throws Exception {
        byte[] full = shopBytes();
        Path f = dir.resolve("flipped.candor");
        for (int i = 0; i < full.length; i++) {
            byte[] b = full.clone();
            b[i] ^= 0x10;
            Files.write(f, b);
            String message = failureOf(f);
            if (i < 8) {
                assertThat(message).contains("is not a Candor snapshot");
            } else if (i < 10) {
                assertThat(message).contains("was written by format version");
            } else if (i >= full.length - 16 && i < full.length - 4) {
                // the trailer's own header: the file no longer ends like a snapshot
                assertThat(message).as("flip at %d", i).containsAnyOf("is truncated", "is corrupt");
            } else {
                assertThat(message).as("flip at %d", i).isEqualTo("snapshot " + f + " is corrupt: checksum mismatch");
            }
        }
    }

    @Test
    void streamVariantReportsTheSameProblems() {
        assertThatThrownBy(() -> SnapshotReader.read(new ByteArrayInputStream(new byte[0]), "stdin"))
                .isExactlyInstanceOf(SnapshotFormatException.class).hasMessage("snapshot stdin is empty (0 bytes)");
        assertThatThrownBy(() -> SnapshotReader.read(new ByteArrayInputStream(Arrays.copyOf(shopBytes(), 100)), "stdin"))
                .isExactlyInstanceOf(SnapshotFormatException.class).hasMessageContaining("snapshot stdin is truncated: ");
    }

    @Test
    void absurdCountsWithAValidChecksumAreCorruptNotOutOfMemory() throws Exception {
        ByteSink methods = RawSnapshotFile.payload();
        methods.uvarint(1L << 40);
        byte[] b = new RawSnapshotFile(1, 0).section("MTRC", RawSnapshotFile.metrics()).section("MTHD", methods).end();
        Path f = file("count.candor", b);
        assertThat(failureOf(f)).endsWith("is corrupt: section MTHD at offset 112: the method count 1099511627776"
                + " at offset 112 cannot fit in the 0 bytes left");

        ByteSink thread = RawSnapshotFile.payload();
        thread.svarint(1);
        thread.string("t");
        thread.uvarint(Integer.MAX_VALUE);
        b = new RawSnapshotFile(1, 0).section("MTRC", RawSnapshotFile.metrics())
                .section("MTHD", RawSnapshotFile.methods()).section("THRD", thread).end();
        assertThat(failureOf(file("nodes.candor", b))).contains("is corrupt: section THRD").contains("node count 2147483647");

        ByteSink info = RawSnapshotFile.payload();
        info.uvarint(1);
        info.uvarint(Long.MAX_VALUE); // a string length
        b = new RawSnapshotFile(1, 0).section("INFO", info).end();
        assertThat(failureOf(file("string.candor", b))).contains("is corrupt: section INFO").contains("claims 9223372036854775807 bytes");
        info = RawSnapshotFile.payload();
        info.uvarint(1);
        info.uvarint(-1L); // 2^64-1, negative as a long
        b = new RawSnapshotFile(1, 0).section("INFO", info).end();
        assertThat(failureOf(file("string2.candor", b))).contains("is corrupt: section INFO").contains("claims 18446744073709551615 bytes");
    }

    @Test
    void absurdSectionLengthIsTruncationNotAllocation() throws Exception {
        byte[] b = new RawSnapshotFile(1, 0).section("MTRC", Long.MAX_VALUE, RawSnapshotFile.metrics()).end();
        assertThat(failureOf(file("len.candor", b))).contains("section MTRC needs 9223372036854775807 bytes at offset 24");
        b = new RawSnapshotFile(1, 0).section("MTRC", -1L, RawSnapshotFile.metrics()).end();
        assertThat(failureOf(file("len2.candor", b))).contains("section MTRC needs 18446744073709551615 bytes");
    }

    @Test
    void badTreeStructureWithAValidChecksumIsCorrupt() throws Exception {
        ByteSink thread = RawSnapshotFile.payload();
        thread.svarint(1);
        thread.string("t");
        thread.uvarint(2);
        for (int k = 0; k < 3; k++) thread.svarint(0); // root values
        thread.uvarint(1); // climbs above the root
        thread.uvarint(0);
        for (int k = 0; k < 3; k++) thread.svarint(0);
        byte[] b = new RawSnapshotFile(1, 0).section("MTRC", RawSnapshotFile.metrics())
                .section("MTHD", RawSnapshotFile.methods()).section("THRD", thread).end();
        assertThat(failureOf(file("climb.candor", b))).contains("node 1 of thread t climbs 1 levels from depth 0");

        thread = RawSnapshotFile.payload();
        thread.svarint(1);
        thread.string("t");
        thread.uvarint(2);
        for (int k = 0; k < 3; k++) thread.svarint(0);
        thread.uvarint(0);
        thread.uvarint(5); // no such method
        for (int k = 0; k < 3; k++) thread.svarint(0);
        b = new RawSnapshotFile(1, 0).section("MTRC", RawSnapshotFile.metrics())
                .section("MTHD", RawSnapshotFile.methods()).section("THRD", thread).end();
        assertThat(failureOf(file("method.candor", b))).contains("node 1 of thread t refers to method 5, the method table has 1");
    }

    /** A 1.0 thread: the root, then a node of method 0 for each climb. */
    private static byte[] version1Climbs(long... climbs) {
        ByteSink thread = RawSnapshotFile.payload();
        thread.svarint(1);
        thread.string("t");
        thread.uvarint(1 + climbs.length);
        for (int k = 0; k < 3; k++) thread.svarint(0);
        for (long climb : climbs) {
            thread.uvarint(climb);
            thread.uvarint(0);
            for (int k = 0; k < 3; k++) thread.svarint(1);
        }
        return new RawSnapshotFile(1, 0).section("MTRC", RawSnapshotFile.metrics())
                .section("MTHD", RawSnapshotFile.methods()).section("THRD", thread).end();
    }

    @Test
    void climbsOf2To63AndMoreAreCorruptNotWrappedIntoTheTree() throws Exception {
        // a node at depth 2, then one that climbs an unsigned 2^63 (+ something): past the root, however it wraps
        // when compared signed: to 0 (read as a child), below 0 (an index out of bounds), or to -1 (a node below a
        // level that does not exist, detached from the tree)
        long[] climbs = {Long.MIN_VALUE, Long.MIN_VALUE + 3, Long.MIN_VALUE + 0xFFFFFFFFL, -1L};
        for (long climb : climbs) {
            Path f = file("climb.candor", version1Climbs(0, 0, climb));
            assertThat(failureOf(f)).endsWith("node 3 of thread t climbs " + Long.toUnsignedString(climb)
                    + " levels from depth 2");
        }
        assertThat(SnapshotReader.read(file("ok.candor", version1Climbs(0, 0, 2))).threads().get(0).root().children())
                .hasSize(2);
    }

    @Test
    void missingOrMisplacedSectionsAreCorrupt() throws Exception {
        byte[] b = new RawSnapshotFile(1, 0).section("MTHD", RawSnapshotFile.methods()).end();
        assertThat(failureOf(file("nometrics.candor", b))).endsWith("is corrupt: it has no MTRC section");
        ByteSink thread = RawSnapshotFile.payload();
        b = new RawSnapshotFile(1, 0).section("THRD", thread).section("MTRC", RawSnapshotFile.metrics())
                .section("MTHD", RawSnapshotFile.methods()).end();
        assertThat(failureOf(file("early.candor", b))).endsWith("section THRD at offset 12 comes before the MTRC and MTHD sections it needs");
        b = new RawSnapshotFile(1, 0).section("MTRC", RawSnapshotFile.metrics()).section("MTRC", RawSnapshotFile.metrics()).end();
        assertThat(failureOf(file("twice.candor", b))).contains("section MTRC at offset").endsWith("appears a second time");
    }

    @Test
    void dataAfterTheEndIsCorruptOrTruncated() throws Exception {
        byte[] full = shopBytes();
        byte[] longer = Arrays.copyOf(full, full.length + 5);
        assertThat(failureOf(file("appended.candor", longer)))
                .endsWith("is corrupt: 5 bytes follow the END section at offset " + (full.length - 16));
        byte[] twice = Arrays.copyOf(full, full.length * 2);
        System.arraycopy(full, 0, twice, full.length, full.length);
        assertThat(failureOf(file("twice.candor", twice))).contains("checksum mismatch");
    }

    @Test
    void laterMinorVersionWithUnknownSectionsAndAppendedFieldsIsRead() throws Exception {
        ByteSink unknown = RawSnapshotFile.payload();
        unknown.string("whatever a 1.7 writer stores");
        ByteSink methods = RawSnapshotFile.methods();
        methods.uvarint(99); // a field appended in a later minor version
        ByteSink metrics = RawSnapshotFile.payload();
        metrics.uvarint(1);
        metrics.string("bytes");
        metrics.string("Allocated");
        metrics.string("bytes"); // a unit this version does not know
        metrics.uvarint(1 | 4); // a flag this version does not know
        ByteSink thread = RawSnapshotFile.payload();
        thread.svarint(5);
        thread.string("t");
        thread.uvarint(2);
        thread.svarint(10);
        thread.uvarint(0);
        thread.uvarint(0);
        thread.svarint(10);
        byte[] b = new RawSnapshotFile(1, 7).section("XTRA", unknown).section("MTRC", metrics)
                .section("MTHD", methods).section("THRD", thread).section("ZZZZ", unknown).end();
        Snapshot s = SnapshotReader.read(file("minor.candor", b));
        assertThat(s.methods().get(0).qualifiedName()).isEqualTo("a.B.c");
        assertThat(s.metrics().get(0).key()).isEqualTo("bytes");
        assertThat(s.metrics().get(0).inclusive()).isTrue();
        assertThat(s.threads().get(0).root().children().get(0).value(0)).isEqualTo(10);
    }

    /** Zeros without end, as /dev/zero gives them; counts what was read. */
    private static final class EndlessZeros extends java.io.InputStream {
        long read;

        @Override public int read() {
            read++;
            return 0;
        }

        @Override public int read(byte[] b, int off, int len) {
            Arrays.fill(b, off, off + len, (byte) 0);
            read += len;
            return len;
        }
    }


    @Test
    void aStreamThatIsNoSnapshotIsRefusedAfterItsHeaderNotReadWhole() throws Exception {
        // /dev/zero, a pipe of anything: read whole before the magic was checked, up to 2 GB (or an OutOfMemoryError)
        EndlessZeros zeros = new EndlessZeros();
        long before = FuzzChecks.allocatedBytes();
        assertThatThrownBy(() -> SnapshotReader.read(zeros, "/dev/zero")).isExactlyInstanceOf(SnapshotFormatException.class)
                .hasMessage("snapshot /dev/zero is not a Candor snapshot (magic bytes are 00 00 00 00 00 00 00 00)");
        assertThat(zeros.read).isEqualTo(12);
        assertThat(FuzzChecks.allocatedBytes() - before).isLessThan(1 << 20);
        byte[] newer = Arrays.copyOf(shopBytes(), 12);
        newer[9] = 9;
        assertThatThrownBy(() -> SnapshotReader.read(new java.io.SequenceInputStream(new ByteArrayInputStream(newer),
                new EndlessZeros()), "pipe")).hasMessageStartingWith("snapshot pipe was written by format version 9.0;");
        Path devZero = Path.of("/dev/zero");
        if (Files.exists(devZero)) {
            before = FuzzChecks.allocatedBytes();
            assertThatThrownBy(() -> SnapshotFile.open(devZero)).isExactlyInstanceOf(SnapshotFormatException.class)
                    .hasMessage("snapshot /dev/zero is not a Candor snapshot (magic bytes are 00 00 00 00 00 00 00 00)");
            assertThat(FuzzChecks.allocatedBytes() - before).isLessThan(1 << 20);
        }
    }

    @Test
    void aStreamWithAValidHeaderIsFollowedSectionBySectionNotReadWhole() throws Exception {
        byte[] shop = shopBytes();
        byte[] header = Arrays.copyOf(shop, 12);
        // a valid header, then zeros: the first section's tag is refused as it arrives (was: read whole, up to 2 GB)
        EndlessZeros zeros = new EndlessZeros();
        assertThatThrownBy(() -> SnapshotReader.read(new SequenceInputStream(new ByteArrayInputStream(header), zeros), "pipe"))
                .isExactlyInstanceOf(SnapshotFormatException.class)
                .hasMessage("snapshot pipe is corrupt: the section at offset 12 has the tag 0x00000000, not 4 printable ASCII characters");
        assertThat(zeros.read).isLessThan(1 << 17);
        // a section that says it is longer than any stream read into memory can be: refused before its bytes
        byte[] huge = Arrays.copyOf(header, 24);
        System.arraycopy("INFO".getBytes(java.nio.charset.StandardCharsets.US_ASCII), 0, huge, 12, 4);
        huge[16] = 0x01; // 2^56 bytes
        EndlessZeros payload = new EndlessZeros();
        assertThatThrownBy(() -> SnapshotReader.read(new SequenceInputStream(new ByteArrayInputStream(huge), payload), "pipe"))
                .isExactlyInstanceOf(SnapshotFormatException.class)
                .hasMessage("snapshot pipe is too large to read from a stream: section INFO at offset 12 says 72057594037927936 bytes; read it from a file");
        assertThat(payload.read).isLessThan(1 << 17);
        // a whole snapshot with endless bytes after it: read to one byte past its END section, refused as a file is
        EndlessZeros after = new EndlessZeros();
        assertThatThrownBy(() -> SnapshotReader.read(new SequenceInputStream(new ByteArrayInputStream(shop), after), "pipe"))
                .isExactlyInstanceOf(SnapshotFormatException.class)
                .hasMessage("snapshot pipe is corrupt: bytes follow the END section at offset " + (shop.length - 16)
                        + " (the stream was read no further)");
        assertThat(after.read).isEqualTo(1);
        // and alone it reads as ever, through a stream delivering a byte at a time
        java.io.InputStream slow = new java.io.FilterInputStream(new ByteArrayInputStream(shop)) {
            @Override public int read(byte[] b, int off, int len) throws java.io.IOException {
                return super.read(b, off, Math.min(len, 1));
            }
        };
        assertThat(SnapshotReader.read(slow, "pipe").threads()).hasSameSizeAs(TestSnapshots.shop().threads());
    }

    @Test
    void aLargeFileOfAHeaderAndZerosIsRefusedAtItsFirstSectionNotListedSectionBySection() throws Exception {
        // 12-byte sections of tag 0 and length 0, one after the other: 125 million of them were listed (an
        // OutOfMemoryError after 16 s with a 1 GB heap) before anything looked at one
        Path f = dir.resolve("zeros.candor");
        try (java.io.RandomAccessFile raf = new java.io.RandomAccessFile(f.toFile(), "rw")) {
            raf.write(Arrays.copyOf(shopBytes(), 12));
            raf.setLength(1_500_000_000L); // sparse: no disk space, nothing written
        }
        long before = FuzzChecks.allocatedBytes();
        assertThat(failureOf(f)).isEqualTo("snapshot " + f + " is truncated: the section at offset 12 has the tag"
                + " 0x00000000, not 4 printable ASCII characters");
        assertThat(FuzzChecks.allocatedBytes() - before).isLessThan(4 << 20);
        // unknown tags are skipped, not kept: a file of many is read in the memory of its known sections
        RawSnapshotFile many = new RawSnapshotFile(2, 0).section("MTRC", RawSnapshotFile.metrics())
                .section("MTHD", RawSnapshotFile.methods());
        for (int i = 0; i < 100_000; i++) many.section("XTRA", RawSnapshotFile.payload());
        byte[] b = many.end();
        SnapshotSections layout = SnapshotSections.read(SnapshotBytes.of(b, b.length, "many"));
        assertThat(layout.sections).hasSize(2);
    }

    @Test
    void checksumCoversEverythingBeforeIt() throws Exception {
        byte[] full = shopBytes();
        CRC32C crc = new CRC32C();
        crc.update(full, 0, full.length - 4);
        assertThat(java.nio.ByteBuffer.wrap(full, full.length - 4, 4).getInt()).isEqualTo((int) crc.getValue());
    }

    @Test
    void missingFileIsAnOrdinaryIOException() {
        Throwable t = catchThrowable(() -> SnapshotReader.read(dir.resolve("absent.candor")));
        assertThat(t).isInstanceOf(java.nio.file.NoSuchFileException.class);
    }

    private static int indexOf(byte[] b, String tag) {
        byte[] t = tag.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        outer:
        for (int i = 0; i <= b.length - t.length; i++) {
            for (int j = 0; j < t.length; j++) if (b[i + j] != t[j]) continue outer;
            return i;
        }
        throw new AssertionError(tag + " not found");
    }
}
