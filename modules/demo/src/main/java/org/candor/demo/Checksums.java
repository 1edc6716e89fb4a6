package org.candor.demo;

/** FNV-1a over the report text, so two runs can be compared at a glance. */
final class Checksums {

    private Checksums() {}

    static String fnv1a(String s) {
        long h = 0xcbf29ce484222325L;
        for (int i = 0; i < s.length(); i++) {
            h ^= s.charAt(i);
            h *= 0x100000001b3L;
        }
        return Long.toHexString(h);
    }
}
