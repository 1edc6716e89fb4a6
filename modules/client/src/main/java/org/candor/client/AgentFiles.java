package org.candor.client;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;

/**
 * The agent directory: candor-agent.jar, candor-probe.jar (found by the agent through its Boot-Class-Path),
 * candor-agent-attach.jar (what an attach loads: no Boot-Class-Path, see {@code org.candor.agent.AttachEntry}) and
 * libcandor.so. Looked up in the system property {@code candor.agent.dir}, the environment variable
 * {@code CANDOR_AGENT_DIR}, then beside the running code: {@code <home>/agent} for an installed distribution and
 * {@code modules/agent/target} in a source tree.
 */
public final class AgentFiles {

    public static final String AGENT_JAR = "candor-agent.jar";
    public static final String PROBE_JAR = "candor-probe.jar";
    public static final String ATTACH_JAR = "candor-agent-attach.jar";
    public static final String NATIVE_LIBRARY = "libcandor.so";

    private final Path dir;

    private AgentFiles(Path dir) {
        this.dir = dir;
    }

    public static AgentFiles in(Path dir) throws ClientException {
        AgentFiles files = new AgentFiles(dir.toAbsolutePath().normalize());
        files.check();
        return files;
    }

    public static AgentFiles locate() throws ClientException {
        String prop = System.getProperty("candor.agent.dir");
        if (prop != null) return in(Paths.get(prop));
        String env = System.getenv("CANDOR_AGENT_DIR");
        if (env != null) return in(Paths.get(env));
        try {
            Path jar = Installation.find(AGENT_JAR, List.of("agent/" + AGENT_JAR, "modules/agent/target/" + AGENT_JAR));
            return in(jar.getParent());
        } catch (ClientException e) {
            throw new ClientException(e.getMessage() + "; set CANDOR_AGENT_DIR to the directory that holds it");
        }
    }

    private void check() throws ClientException {
        for (String name : List.of(AGENT_JAR, PROBE_JAR)) {
            if (!Files.isRegularFile(dir.resolve(name))) {
                throw new ClientException("the Candor agent directory " + dir + " has no " + name);
            }
        }
    }

    public Path dir() { return dir; }
    public Path agentJar() { return dir.resolve(AGENT_JAR); }

    /** The jar an attach loads; candor-agent.jar itself in a directory that lacks it (an older build). */
    public Path attachJar() {
        Path p = dir.resolve(ATTACH_JAR);
        return Files.isRegularFile(p) ? p : agentJar();
    }

    /** The native library, or null when it was not built (the agent then uses System.nanoTime). */
    public Path nativeLibrary() {
        Path p = dir.resolve(NATIVE_LIBRARY);
        return Files.isRegularFile(p) ? p : null;
    }
}
