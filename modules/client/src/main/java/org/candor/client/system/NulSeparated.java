package org.candor.client.system;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** /proc/PID/cmdline and /proc/PID/environ: strings each ended by a NUL byte. */
public final class NulSeparated {

    /** At most this much of a file is read (the kernel keeps a few MiB of a command line at most anyway). */
    public static final int MAX_BYTES = 1 << 20;

    private NulSeparated() {}

    /** The strings of a file, its first {@link #MAX_BYTES}; empty when it cannot be read (gone, another user's). */
    public static List<String> read(Path file) {
        return split(bytes(file));
    }

    /** The NAME=VALUE strings of a file as a map; empty when it cannot be read. */
    public static Map<String, String> readEnvironment(Path file) {
        return environment(bytes(file));
    }

    /** The strings; a last one without its NUL counts too, empty strings between NULs stay. */
    public static List<String> split(byte[] bytes) {
        List<String> items = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == 0) {
                items.add(new String(bytes, start, i - start, StandardCharsets.UTF_8));
                start = i + 1;
            }
        }
        if (start < bytes.length) items.add(new String(bytes, start, bytes.length - start, StandardCharsets.UTF_8));
        return items;
    }

    /** NAME=VALUE items as a map (the first of a repeated name wins, as getenv(3) finds it). */
    public static Map<String, String> environment(byte[] bytes) {
        Map<String, String> env = new LinkedHashMap<>();
        for (String item : split(bytes)) {
            int eq = item.indexOf('=');
            if (eq > 0) env.putIfAbsent(item.substring(0, eq), item.substring(eq + 1));
        }
        return env;
    }

    private static byte[] bytes(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            return in.readNBytes(MAX_BYTES);
        } catch (IOException e) {
            return new byte[0];
        }
    }
}
