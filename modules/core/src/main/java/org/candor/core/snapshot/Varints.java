package org.candor.core.snapshot;

/** Sizes and the zigzag mapping of the format's varints (see docs/formats/snapshot.md, "Conventions"). */
final class Varints {

    private Varints() {}

    /** Small magnitudes of either sign become small unsigned numbers: 0, -1, 1, -2 ... become 0, 1, 2, 3 ... */
    static long zigzag(long v) {
        return (v << 1) ^ (v >> 63);
    }

    static long unzigzag(long z) {
        return (z >>> 1) ^ -(z & 1);
    }

    /** Bytes of the shortest unsigned LEB128 encoding: 1 to 10. */
    static int uvarintLength(long v) {
        int bits = 64 - Long.numberOfLeadingZeros(v | 1);
        return (bits + 6) / 7;
    }

    static int svarintLength(long v) {
        return uvarintLength(zigzag(v));
    }
}
