package org.candor.core.testing;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.List;
import java.util.function.BiFunction;
import java.util.stream.Collectors;

/**
 * Damage done to bytes the ways a file gets damaged or crafted: bits flipped, a byte overwritten with a boundary value,
 * a run of 0xFF, truncation, a range duplicated or deleted, and varints that claim the largest values (2^64-1, 2^63,
 * 2^32, 2^31-1, an 11-byte encoding) inserted or written over what was there. One edit, sometimes two. Each edit lands
 * at a place given as a fraction of the length it meets ({@link #PLACES}), not as an offset, so that the same damage
 * fits seeds of any length and the second edit still lands inside the bytes the first one left. {@link
 * DamageArbitraries} generates damage for jqwik, whose shrinking then moves the places towards the start.
 */
public final class Damage {

    /** A place is {@code 0 <= place < PLACES}: {@code place / PLACES} of the way into the bytes (every offset of 16 MiB). */
    public static final int PLACES = 1 << 24;

    static final int[] BOUNDARY_BYTES = {0x00, 0x01, 0x7F, 0x80, 0xFE, 0xFF};

    /** Varints at the edges of what a reader must check: 2^64-1, 2^63, 2^32, 2^31-1, 2^31, and one 11 bytes long. */
    static final byte[][] EDGE_VARINTS = {
        {-1, -1, -1, -1, -1, -1, -1, -1, -1, 0x01},
        {-128, -128, -128, -128, -128, -128, -128, -128, -128, 0x01},
        {-128, -128, -128, -128, 0x10},
        {-1, -1, -1, -1, 0x07},
        {-128, -128, -128, -128, 0x08},
        {-128, -128, -128, -128, -128, -128, -128, -128, -128, -128, 0x00},
    };

    /** One edit: the edited copy of some bytes, what it did said in words with the offsets it landed on. */
    public static final class Edit {
        private final String plan;
        private final BiFunction<byte[], StringBuilder, byte[]> how;

        private Edit(String plan, BiFunction<byte[], StringBuilder, byte[]> how) {
            this.plan = plan;
            this.how = how;
        }

        @Override public String toString() { return plan; }
    }

    private final List<Edit> edits;

    public Damage(List<Edit> edits) {
        this.edits = List.copyOf(edits);
    }

    /** The damaged copy of {@code seed} (which is left as it is) and what was done to it. */
    public Mutant apply(String seedName, byte[] seed) {
        byte[] b = seed.clone();
        StringBuilder said = new StringBuilder();
        for (Edit e : edits) {
            if (said.length() > 0) said.append(", then ");
            b = e.how.apply(b, said);
        }
        return new Mutant(seedName, b, said.toString());
    }

    @Override public String toString() {
        return edits.stream().map(Edit::toString).collect(Collectors.joining(", then "));
    }

    // ---- the edits ----

    /** Each bit {@code bits[i]} (0 to 7) of the byte at {@code places[i]} flipped. */
    public static Edit flipBits(int[] places, int[] bits) {
        return new Edit("flip bits " + Arrays.toString(bits) + " at places " + Arrays.toString(places), (b, said) -> {
            if (b.length == 0) return nothing(b, said);
            said.append("bits flipped at ");
            for (int i = 0; i < places.length; i++) {
                int p = offset(places[i], b.length);
                b[p] ^= (byte) (1 << bits[i]);
                said.append(i == 0 ? "" : ",").append(p).append('.').append(bits[i]);
            }
            return b;
        });
    }

    /** The byte at {@code place} set to {@link #BOUNDARY_BYTES}{@code [which]}. */
    public static Edit boundaryByte(int place, int which) {
        int v = BOUNDARY_BYTES[which];
        return new Edit(String.format("set byte at place %d to 0x%02X", place, v), (b, said) -> {
            if (b.length == 0) return nothing(b, said);
            int at = offset(place, b.length);
            b[at] = (byte) v;
            said.append(String.format("byte %d set to 0x%02X", at, v));
            return b;
        });
    }

    /** {@code n} bytes from {@code place} set to 0xFF (fewer where the bytes end). */
    public static Edit runOfFF(int place, int n) {
        return new Edit(n + " bytes of 0xFF at place " + place, (b, said) -> {
            if (b.length == 0) return nothing(b, said);
            int at = offset(place, b.length);
            int k = Math.min(n, b.length - at);
            Arrays.fill(b, at, at + k, (byte) 0xFF);
            said.append(k).append(" bytes at ").append(at).append(" set to 0xFF");
            return b;
        });
    }

    /** The bytes cut short before {@code place}. */
    public static Edit cut(int place) {
        return new Edit("cut at place " + place, (b, said) -> {
            if (b.length == 0) return nothing(b, said);
            int at = offset(place, b.length);
            said.append("cut to ").append(at).append(" bytes");
            return Arrays.copyOf(b, at);
        });
    }

    /** {@code n} bytes from {@code place} copied in again at {@code to} (a place of the length plus one: the end too). */
    public static Edit duplicate(int place, int n, int to) {
        return new Edit(n + " bytes at place " + place + " duplicated at place " + to, (b, said) -> {
            if (b.length == 0) return nothing(b, said);
            int at = offset(place, b.length);
            int k = Math.min(n, b.length - at);
            int where = offset(to, b.length + 1);
            said.append(k).append(" bytes from ").append(at).append(" duplicated at ").append(where);
            return insert(b, Arrays.copyOfRange(b, at, at + k), where);
        });
    }

    /** {@code n} bytes from {@code place} deleted (fewer where the bytes end). */
    public static Edit delete(int place, int n) {
        return new Edit(n + " bytes deleted at place " + place, (b, said) -> {
            if (b.length == 0) return nothing(b, said);
            int at = offset(place, b.length);
            int k = Math.min(n, b.length - at);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            out.write(b, 0, at);
            out.write(b, at + k, b.length - at - k);
            said.append(k).append(" bytes at ").append(at).append(" deleted");
            return out.toByteArray();
        });
    }

    /** {@link #EDGE_VARINTS}{@code [which]} inserted at {@code place} (of the length plus one: into no bytes too). */
    public static Edit insertVarint(int place, int which) {
        byte[] v = EDGE_VARINTS[which];
        return new Edit("insert varint " + hex(v) + " at place " + place, (b, said) -> {
            int at = offset(place, b.length + 1);
            said.append("varint ").append(hex(v)).append(" inserted at ").append(at);
            return insert(b, v, at);
        });
    }

    /** {@link #EDGE_VARINTS}{@code [which]} written over the bytes from {@code place} (cut where the bytes end). */
    public static Edit overwriteVarint(int place, int which) {
        byte[] v = EDGE_VARINTS[which];
        return new Edit("write varint " + hex(v) + " at place " + place, (b, said) -> {
            if (b.length == 0) return nothing(b, said);
            int at = offset(place, b.length);
            System.arraycopy(v, 0, b, at, Math.min(v.length, b.length - at));
            said.append("varint ").append(hex(v)).append(" written at ").append(at);
            return b;
        });
    }

    /** The offset {@code place} stands for in {@code length} bytes: {@code 0 <= offset < length}. */
    public static int offset(int place, int length) {
        return (int) ((long) place * length / PLACES);
    }

    private static byte[] nothing(byte[] b, StringBuilder said) {
        said.append("nothing to damage in no bytes");
        return b;
    }

    private static byte[] insert(byte[] b, byte[] what, int at) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(b, 0, at);
        out.write(what, 0, what.length);
        out.write(b, at, b.length - at);
        return out.toByteArray();
    }

    static String hex(byte[] b) {
        StringBuilder s = new StringBuilder();
        for (byte x : b) s.append(String.format("%02X", x & 0xFF));
        return s.toString();
    }
}
