package org.candor.app;

import java.io.IOException;
import java.io.StringWriter;
import java.lang.instrument.Instrumentation;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import java.util.stream.Collectors;

/**
 * A Java agent that {@link JnaInTheAppTest} loads into the running application: from the class loader of one of the
 * app's own modules (ui-live, which reaches the client classes through nb-libs, as the app's code does) it runs
 * client's {@code SystemCheck.machine}, which calls libc and libcandor.so through JNA, and writes down what it found
 * and which JNA the app loaded, as properties. Everything by reflection: the agent's own loader sees none of it.
 */
public final class InAppProbe {

    private InAppProbe() {}

    /** {@code args}: the properties file to write, a '|', the libcandor.so to ask. */
    public static void agentmain(String args, Instrumentation inst) {
        String[] a = args.split("\\|", 2);
        Thread t = new Thread(() -> run(Path.of(a[0]), Path.of(a[1]), inst), "candor-in-app-probe");
        t.setDaemon(true);
        t.start();
    }

    private static void run(Path out, Path library, Instrumentation inst) {
        Properties p = new Properties();
        try {
            ClassLoader module = moduleLoader(inst);
            p.setProperty("module.loader", module.toString());
            Class<?> systemCheck = Class.forName("org.candor.client.system.SystemCheck", true, module);
            Object readiness = systemCheck.getMethod("machine", Path.class).invoke(null, library);
            List<?> checks = (List<?>) readiness.getClass().getMethod("checks").invoke(readiness);
            StringBuilder lines = new StringBuilder();
            for (Object c : checks) lines.append(c.getClass().getMethod("line").invoke(c)).append('\n');
            p.setProperty("lines", lines.toString());
            Class<?> jnaFromClient = Class.forName("com.sun.jna.Native", false, systemCheck.getClassLoader());
            p.setProperty("jna.loader", String.valueOf(jnaFromClient.getClassLoader()));
            p.setProperty("jna.jar", jnaFromClient.getProtectionDomain().getCodeSource().getLocation().getPath());
            long natives = Arrays.stream(inst.getAllLoadedClasses()).filter(c -> c.getName().equals("com.sun.jna.Native")).count();
            p.setProperty("jna.native.classes", Long.toString(natives));
            p.setProperty("jnidispatch", Files.readAllLines(Path.of("/proc/self/maps")).stream()
                    .filter(l -> l.contains("jnidispatch")).map(l -> l.substring(l.indexOf('/'))).distinct()
                    .collect(Collectors.joining(",")));
        } catch (Throwable e) {
            StringWriter w = new StringWriter();
            e.printStackTrace(new java.io.PrintWriter(w));
            p.setProperty("error", w.toString());
        }
        try {
            Path tmp = out.resolveSibling(out.getFileName() + ".tmp");
            try (var writer = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
                p.store(writer, "InAppProbe");
            }
            Files.move(tmp, out);
        } catch (IOException e) {
            e.printStackTrace();
        }
    }

    /** The loader of the app's Running JVMs module, once the module system has loaded one of its classes. */
    private static ClassLoader moduleLoader(Instrumentation inst) throws InterruptedException {
        long end = System.nanoTime() + 120_000_000_000L;
        while (System.nanoTime() < end) {
            for (Class<?> c : inst.getAllLoadedClasses()) {
                if (c.getName().startsWith("org.candor.ui.live.") && c.getClassLoader() != null) return c.getClassLoader();
            }
            Thread.sleep(200);
        }
        throw new IllegalStateException("no class of org.candor.ui.live was loaded in 120 s");
    }
}
