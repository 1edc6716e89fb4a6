package org.candor.core.testing;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.Random;

/**
 * Damages bytes the ways a file gets damaged or crafted, for the readers' fuzz tests: bit flips, bytes overwritten
 * with boundary values, runs of 0xFF, truncation, a range duplicated or deleted, and varints that claim the largest
 * values (2^64-1, 2^63, 2^32, 2^31-1, an 11-byte encoding) inserted or written over what was there. Deterministic
 * for a given {@link Random}; each mutant says what was done to it, so a failure can be reproduced by hand.
 */
public final class ByteMutator {

    /** A damaged copy and what was done to it. */
    public static final class Mutant {
        public final byte[] bytes;
        public final String description;

        public Mutant(byte[] bytes, String description) {
            this.bytes = bytes;
            this.description = description;
        }

        @Override public String toString() { return description + " (" + bytes.length + " bytes)"; }
    }

    private static final int[] BOUNDARY_BYTES = {0x00, 0x01, 0x7F, 0x80, 0xFE, 0xFF};

    /** Varints at the edges of what a reader must check: 2^64-1, 2^63, 2^32, 2^31-1, 2^31, and one 11 bytes long. */
    private static final byte[][] EDGE_VARINTS = {
        {-1, -1, -1, -1, -1, -1, -1, -1, -1, 0x01},
        {-128, -128, -128, -128, -128, -128, -128, -128, -128, 0x01},
        {-128, -128, -128, -128, 0x10},
        {-1, -1, -1, -1, 0x07},
        {-128, -128, -128, -128, 0x08},
        {-128, -128, -128, -128, -128, -128, -128, -128, -128, -128, 0x00},
    };

    private final Random random;

    public ByteMutator(Random random) {
        this.random = random;
    }

    /** One, sometimes two, mutations of a copy of {@code seed} (which may be empty). */
    public Mutant mutate(byte[] seed) {
        Mutant m = once(seed);
        if (random.nextInt(4) == 0) {
            Mutant again = once(m.bytes);
            m = new Mutant(again.bytes, m.description + ", then " + again.description);
        }
        return m;
    }

    private Mutant once(byte[] seed) {
        byte[] b = seed.clone();
        if (b.length == 0) return insert(b, EDGE_VARINTS[random.nextInt(EDGE_VARINTS.length)], 0, "varint inserted");
        int at = random.nextInt(b.length);
        switch (random.nextInt(8)) {
            case 0: {
                int flips = 1 + random.nextInt(4);
                StringBuilder where = new StringBuilder();
                for (int i = 0; i < flips; i++) {
                    int p = i == 0 ? at : random.nextInt(b.length);
                    int bit = random.nextInt(8);
                    b[p] ^= (byte) (1 << bit);
                    where.append(i == 0 ? "" : ",").append(p).append('.').append(bit);
                }
                return new Mutant(b, "bits flipped at " + where);
            }
            case 1: {
                int v = BOUNDARY_BYTES[random.nextInt(BOUNDARY_BYTES.length)];
                b[at] = (byte) v;
                return new Mutant(b, String.format("byte %d set to 0x%02X", at, v));
            }
            case 2: {
                int n = Math.min(b.length - at, 1 + random.nextInt(16));
                Arrays.fill(b, at, at + n, (byte) 0xFF);
                return new Mutant(b, n + " bytes at " + at + " set to 0xFF");
            }
            case 3:
                return new Mutant(Arrays.copyOf(b, at), "cut to " + at + " bytes");
            case 4: {
                int n = Math.min(b.length - at, 1 + random.nextInt(64));
                int to = random.nextInt(b.length + 1);
                return insert(b, Arrays.copyOfRange(b, at, at + n), to, n + " bytes from " + at + " duplicated");
            }
            case 5: {
                int n = Math.min(b.length - at, 1 + random.nextInt(32));
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                out.write(b, 0, at);
                out.write(b, at + n, b.length - at - n);
                return new Mutant(out.toByteArray(), n + " bytes at " + at + " deleted");
            }
            case 6:
                return insert(b, EDGE_VARINTS[random.nextInt(EDGE_VARINTS.length)], at, "varint inserted");
            default: {
                byte[] v = EDGE_VARINTS[random.nextInt(EDGE_VARINTS.length)];
                int n = Math.min(v.length, b.length - at);
                System.arraycopy(v, 0, b, at, n);
                return new Mutant(b, "varint " + hex(v) + " written at " + at);
            }
        }
    }

    private static Mutant insert(byte[] b, byte[] what, int at, String description) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(b, 0, at);
        out.write(what, 0, what.length);
        out.write(b, at, b.length - at);
        return new Mutant(out.toByteArray(), description + (what.length <= 11 ? " " + hex(what) : "") + " at " + at);
    }

    private static String hex(byte[] b) {
        StringBuilder s = new StringBuilder();
        for (byte x : b) s.append(String.format("%02X", x & 0xFF));
        return s.toString();
    }
}
