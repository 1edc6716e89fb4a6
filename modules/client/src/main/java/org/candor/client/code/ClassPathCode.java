package org.candor.client.code;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeMap;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import org.candor.client.ClientException;

/**
 * The classes of a program's class path (jars and folders), for choosing roots before the program runs or before
 * Candor is attached to it: nothing is loaded into any JVM. Jars' manifest {@code Class-Path} entries are followed,
 * as the launcher follows them. The names are indexed on first use; methods are read from the class file.
 */
public final class ClassPathCode implements CodeSource {

    /** A class file larger than this is no class file: refused before it is read. */
    static final long MAX_CLASS_BYTES = 16 << 20;

    private final List<Path> entries;
    private final String description;
    /** Class name to the entry that holds it first (the one a class loader would take). */
    private TreeMap<String, Path> index;

    public ClassPathCode(List<Path> entries, String description) {
        this.entries = List.copyOf(withManifestClassPaths(entries));
        this.description = description;
    }

    /** The class path a {@code java} command line names: {@code -cp}/{@code -classpath}/{@code --class-path} or {@code -jar}. */
    public static ClassPathCode ofCommand(List<String> argv, Path workingDirectory) {
        List<Path> found = new ArrayList<>();
        boolean named = false;
        for (int i = 1; i < argv.size(); i++) {
            String a = argv.get(i);
            if ((a.equals("-cp") || a.equals("-classpath") || a.equals("--class-path")) && i + 1 < argv.size()) {
                named = true;
                found.clear();  // the last one counts, as with the launcher
                for (String p : argv.get(++i).split(java.io.File.pathSeparator)) found.add(resolve(workingDirectory, p));
            } else if (a.equals("-jar") && i + 1 < argv.size()) {
                found.clear();  // -jar's class path is the jar's alone
                found.add(resolve(workingDirectory, argv.get(++i)));
                named = true;
                break;
            } else if (!a.startsWith("-")) {
                break;  // the main class: the program's own arguments follow
            }
        }
        if (!named) found.add(resolve(workingDirectory, "."));  // the launcher's default: the working directory
        return new ClassPathCode(found, "classes on the program's class path");
    }

    /** A JVM's {@code java.class.path} as its system properties give it. */
    public static ClassPathCode ofClassPath(String classPath, Path workingDirectory, String description) {
        List<Path> found = new ArrayList<>();
        if (classPath != null) {
            for (String p : classPath.split(java.io.File.pathSeparator)) if (!p.isBlank()) found.add(resolve(workingDirectory, p));
        }
        return new ClassPathCode(found, description);
    }

    private static Path resolve(Path dir, String p) {
        Path path = Path.of(p.isBlank() ? "." : p);
        return dir == null || path.isAbsolute() ? path : dir.resolve(path);
    }

    public List<Path> entries() { return entries; }

    @Override
    public synchronized ClassList classes(String text, int from) throws ClientException {
        if (index == null) index = buildIndex();
        String wanted = text.trim().toLowerCase(Locale.ROOT);
        List<String> shown = new ArrayList<>();
        int count = 0;
        for (String name : index.keySet()) {
            if (!name.toLowerCase(Locale.ROOT).contains(wanted)) continue;
            if (count++ >= from && shown.size() < MAX_CLASSES) shown.add(name);
        }
        return new ClassList(count, from, shown);
    }

    @Override
    public synchronized List<String> methods(String className) throws ClientException {
        if (index == null) index = buildIndex();
        Path entry = index.get(className);
        if (entry == null) throw new ClientException("no class " + className + " on the class path");
        String file = className.replace('.', '/') + ".class";
        try {
            byte[] bytes = Files.isDirectory(entry) ? readFile(entry.resolve(file)) : readJarEntry(entry, file);
            List<String> methods = new ArrayList<>(new java.util.TreeSet<>(ClassFileMethods.read(bytes)));
            return methods;
        } catch (IOException e) {
            throw new ClientException("cannot read the methods of " + className + " from " + entry + ": " + e.getMessage());
        }
    }

    @Override
    public String description() {
        return description;
    }

    private TreeMap<String, Path> buildIndex() throws ClientException {
        TreeMap<String, Path> names = new TreeMap<>();
        int readable = 0;
        for (Path entry : entries) {
            try {
                if (Files.isDirectory(entry)) {
                    try (Stream<Path> files = Files.walk(entry)) {
                        files.filter(f -> f.toString().endsWith(".class")).forEach(f ->
                                names.putIfAbsent(className(entry.relativize(f).toString().replace(java.io.File.separatorChar, '/')), entry));
                    }
                    readable++;
                } else if (Files.isRegularFile(entry)) {
                    try (JarFile jar = new JarFile(entry.toFile())) {
                        jar.stream().map(ZipEntry::getName)
                                .filter(n -> n.endsWith(".class") && !n.startsWith("META-INF/"))
                                .forEach(n -> names.putIfAbsent(className(n), entry));
                    }
                    readable++;
                }
            } catch (IOException | RuntimeException e) {
                // an unreadable entry adds nothing, as a class loader would skip it
            }
        }
        // a module's or package's descriptor is no class to profile
        names.keySet().removeIf(n -> n.endsWith("module-info") || n.endsWith("package-info"));
        if (readable == 0) {
            throw new ClientException(entries.isEmpty() ? "the program names no class path"
                    : "none of the class path can be read: " + entries);
        }
        return names;
    }

    private static String className(String file) {
        return file.substring(0, file.length() - ".class".length()).replace('/', '.');
    }

    private static byte[] readFile(Path file) throws IOException {
        if (Files.size(file) > MAX_CLASS_BYTES) throw new IOException("larger than a class file can be");
        return Files.readAllBytes(file);
    }

    private static byte[] readJarEntry(Path jar, String name) throws IOException {
        try (JarFile j = new JarFile(jar.toFile())) {
            ZipEntry e = j.getEntry(name);
            if (e == null) throw new IOException("no entry " + name);
            try (InputStream in = j.getInputStream(e)) {
                byte[] bytes = in.readNBytes((int) MAX_CLASS_BYTES + 1);
                if (bytes.length > MAX_CLASS_BYTES) throw new IOException("larger than a class file can be");
                return bytes;
            }
        }
    }

    /** Each jar's manifest {@code Class-Path} entries after it, once each. */
    private static Set<Path> withManifestClassPaths(List<Path> given) {
        Set<Path> out = new LinkedHashSet<>();
        for (Path p : given) {
            Path abs = p.toAbsolutePath().normalize();
            if (!out.add(abs) || !Files.isRegularFile(abs)) continue;
            try (JarFile jar = new JarFile(abs.toFile())) {
                Manifest m = jar.getManifest();
                String cp = m == null ? null : m.getMainAttributes().getValue("Class-Path");
                if (cp == null) continue;
                for (String ref : cp.trim().split("\\s+")) {
                    if (!ref.isEmpty() && !ref.contains(":")) out.add(abs.resolveSibling(ref).normalize());
                }
            } catch (IOException | RuntimeException e) {
                // not a jar: nothing to follow
            }
        }
        return out;
    }
}
