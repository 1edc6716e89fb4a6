package org.candor.client.system;

import java.util.Optional;
import java.util.stream.Stream;

/** /proc/PID/maps: whether a HotSpot (or any libjvm) JVM runs in the process, and where its libjvm.so is. */
final class MemoryMap {

    private static final String LIBJVM = "/libjvm.so";
    private static final String DELETED = " (deleted)";

    private MemoryMap() {}

    /** The path of the first mapping of libjvm.so ({@code .../lib/server/libjvm.so}), as the target sees it. */
    static Optional<String> libjvm(Stream<String> lines) {
        return lines.map(MemoryMap::path).filter(p -> p.endsWith(LIBJVM)).findFirst();
    }

    /** The JDK a libjvm.so belongs to: the directory above its {@code lib} ({@code .../jre} for JDK 8). */
    static String javaHome(String libjvm) {
        int lib = libjvm.lastIndexOf("/lib/");
        return lib <= 0 ? "/" : libjvm.substring(0, lib);
    }

    /** A line's file name (from its first slash: names may hold spaces), without " (deleted)"; empty without one. */
    private static String path(String line) {
        int slash = line.indexOf('/');
        if (slash < 0) return "";
        String path = line.substring(slash);
        return path.endsWith(DELETED) ? path.substring(0, path.length() - DELETED.length()) : path;
    }
}
