package org.candor.agent;

import java.io.IOException;
import java.lang.instrument.Instrumentation;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.jar.JarFile;

/**
 * The {@code Agent-Class} of candor-agent-attach.jar, the jar {@code candor attach} loads: a manifest that names
 * this class and candor-agent.jar (its {@code Class-Path}) but has no {@code Boot-Class-Path}. It puts the probe
 * classes into the boot loader first ({@link BootClasses}), and only then touches a class that refers to them.
 */
public final class AttachEntry {

    private AttachEntry() {}

    public static void agentmain(String args, Instrumentation inst) throws IOException, URISyntaxException {
        Path agentJar = Paths.get(AttachEntry.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Path probeJar = agentJar.resolveSibling("candor-probe.jar");
        if (!java.nio.file.Files.isRegularFile(probeJar)) {
            AgentLog.error("no candor-probe.jar beside " + agentJar + " (the program's own class path has Candor's agent"
                    + " classes?): not attached");
            throw new IllegalStateException("no " + probeJar);
        }
        String problem = BootClasses.define(probeJar);
        if (problem != null) {
            // without libcandor.so: the boot class path, at the price of the JVM's class-data-sharing warning
            inst.appendToBootstrapClassLoaderSearch(new JarFile(probeJar.toFile()));
        }
        CandorAgent.agentmain(args, inst);
    }
}
