package org.candor.agent;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.Iterator;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * Puts candor-probe.jar's classes into the bootstrap loader of a JVM the agent was attached to, through
 * libcandor.so ({@code define0}: JNI DefineClass with no loader). The alternative, appending the jar to the boot
 * class path in the live phase, prints a JVM warning on the program's stderr and turns class data sharing off for
 * the application's classes.
 */
final class BootClasses {

    private BootClasses() {}

    /** Bound by libcandor.so when it was loaded by attach. */
    private static native Class<?> define0(String internalName, byte[] classFile);

    /**
     * Defines every class of the jar; a class whose supertypes are not defined yet is tried again after the others.
     *
     * @return null when done, else why not (libcandor.so absent, a class refused)
     */
    static String define(Path probeJar) {
        List<String> names = new ArrayList<>();
        List<byte[]> files = new ArrayList<>();
        try (JarFile jar = new JarFile(probeJar.toFile())) {
            for (Enumeration<JarEntry> e = jar.entries(); e.hasMoreElements(); ) {
                JarEntry entry = e.nextElement();
                String n = entry.getName();
                if (!n.endsWith(".class") || n.startsWith("META-INF/") || n.endsWith("module-info.class")) continue;
                try (InputStream in = jar.getInputStream(entry)) {
                    names.add(n.substring(0, n.length() - ".class".length()));
                    files.add(in.readAllBytes());
                }
            }
        } catch (IOException e) {
            return "cannot read " + probeJar + ": " + e.getMessage();
        }
        String lastFailure = null;
        while (!names.isEmpty()) {
            int before = names.size();
            Iterator<String> n = names.iterator();
            Iterator<byte[]> f = files.iterator();
            while (n.hasNext()) {
                String name = n.next();
                byte[] file = f.next();
                try {
                    define0(name, file);
                    n.remove();
                    f.remove();
                } catch (UnsatisfiedLinkError notBound) {
                    return "libcandor.so is not loaded";
                } catch (LinkageError e) {
                    lastFailure = name + ": " + e;
                }
            }
            if (names.size() == before) return lastFailure;
        }
        return null;
    }
}
