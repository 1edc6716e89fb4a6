package org.candor.agent.verify;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystemNotFoundException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Iterator;
import java.util.Map;
import java.util.TreeMap;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import java.util.zip.ZipException;
import java.util.zip.ZipFile;

/**
 * The class files of one source: a jar (as this JVM sees a multi-release jar) or a module of the running JDK
 * ({@code jrt:/java.base}). Keyed by the entry's path less {@code .class}; module descriptors are left out (they
 * have no code). A source that is not there or not a jar is one {@link IOException} line.
 */
final class ClassFiles {

    static final String JRT = "jrt:/";
    /** Larger than any class file a compiler writes: an entry beyond it (a zip bomb) is refused, not read whole. */
    static final int MAX_CLASS_BYTES = 64 << 20;

    private ClassFiles() {}

    static Map<String, byte[]> read(String source) throws IOException {
        return source.startsWith(JRT) ? module(source.substring(JRT.length())) : jar(source);
    }

    private static Map<String, byte[]> jar(String source) throws IOException {
        Path path = Paths.get(source);
        if (!Files.exists(path)) throw new IOException("no such jar: " + source);
        // a FIFO or a device would block or never end: only a plain file can be a jar
        if (!Files.isRegularFile(path)) throw new IOException("not a jar (not a regular file): " + source);
        Map<String, byte[]> classes = new TreeMap<>();
        try (JarFile jar = new JarFile(path.toFile(), false, ZipFile.OPEN_READ, Runtime.version())) {
            for (Iterator<JarEntry> it = jar.versionedStream().iterator(); it.hasNext(); ) {
                JarEntry entry = it.next();
                String name = entry.getName();
                if (!isClassFile(name)) continue;
                try (InputStream in = jar.getInputStream(entry)) {
                    byte[] bytes = in.readNBytes(MAX_CLASS_BYTES + 1);
                    if (bytes.length > MAX_CLASS_BYTES) {
                        throw new IOException("not a jar Candor can check: " + name + " is larger than "
                                + (MAX_CLASS_BYTES >> 20) + " MiB: " + source);
                    }
                    classes.put(name.substring(0, name.length() - ".class".length()), bytes);
                }
            }
        } catch (ZipException e) {
            throw new IOException("not a jar (" + e.getMessage() + "): " + source);
        }
        return classes;
    }

    private static Map<String, byte[]> module(String name) throws IOException {
        FileSystem jrt;
        try {
            jrt = FileSystems.getFileSystem(URI.create(JRT));
        } catch (FileSystemNotFoundException | IllegalArgumentException e) {
            throw new IOException("this JDK has no jrt:/ file system (a JDK 9 or later runs Candor)");
        }
        Path root = jrt.getPath("/modules", name);
        if (name.isEmpty() || name.contains("/") || !Files.isDirectory(root)) {
            throw new IOException("no module '" + name + "' in this JDK (" + System.getProperty("java.home")
                    + "); e.g. jrt:/java.base");
        }
        Map<String, byte[]> classes = new TreeMap<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Iterator<Path> it = files.iterator(); it.hasNext(); ) {
                Path p = it.next();
                String relative = root.relativize(p).toString();
                if (!isClassFile(relative)) continue;
                classes.put(relative.substring(0, relative.length() - ".class".length()), Files.readAllBytes(p));
            }
        }
        return classes;
    }

    private static boolean isClassFile(String entryName) {
        return entryName.endsWith(".class") && !entryName.endsWith("module-info.class")
                && !entryName.startsWith("META-INF/");
    }
}
