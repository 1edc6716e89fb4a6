package org.candor.client;

import com.sun.tools.attach.AgentInitializationException;
import com.sun.tools.attach.AgentLoadException;
import com.sun.tools.attach.AttachNotSupportedException;
import com.sun.tools.attach.VirtualMachine;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Starts a session in a running JVM through the Attach API: libcandor.so first ({@code loadAgentPath}, with the
 * settings' native options), so the probes' clock is bound when the agent loads them, then candor-agent-attach.jar
 * ({@code loadAgent} with an options file, as {@code candor profile} writes it), which defines the probe classes in
 * the boot loader through libcandor.so and starts candor-agent.jar's agent.
 */
public final class AgentAttach {

    private final AgentFiles agent;
    private final ProfileSettings settings;

    public AgentAttach(AgentFiles agent, ProfileSettings settings) {
        this.agent = agent;
        this.settings = settings;
    }

    public void attach(long pid) throws ClientException {
        settings.validate();
        Processes.checkOwn(pid);
        String session = LocalJvms.sessionState(pid);
        if (session.equals("detached")) {
            resume(pid);
            return;
        }
        if (!session.equals("none") && !session.equals("not answering")) {
            throw new ClientException("a Candor session is already running in process " + pid + " (" + session + "): 'candor ctl "
                    + pid + " status' shows it; 'candor ctl " + pid + " detach' ends it, then a new one can start");
        }
        if (settings.sampling() && agent.nativeLibrary() == null) {
            throw new ClientException("sampling needs " + AgentFiles.NATIVE_LIBRARY + ", which is not in " + agent.dir());
        }
        Path optionsFile = null;
        VirtualMachine vm;
        try {
            vm = VirtualMachine.attach(Long.toString(pid));
        } catch (AttachNotSupportedException | IOException e) {
            throw new ClientException("cannot attach to process " + pid + ": " + e.getMessage()
                    + " (a JVM of this user, started without -XX:+DisableAttachMechanism?)", e);
        }
        try {
            Path lib = agent.nativeLibrary();
            if (lib != null) vm.loadAgentPath(lib.toString(), settings.nativeOptions());
            optionsFile = Files.createTempFile("candor-options", ".txt");
            Files.write(optionsFile, settings.agentOptionLines(), StandardCharsets.UTF_8);
            vm.loadAgent(agent.attachJar().toString(), "optfile=" + optionsFile);
        } catch (AgentInitializationException e) {
            throw new ClientException("process " + pid + " refused the agent (its stderr says why): " + e.getMessage(), e);
        } catch (AgentLoadException | IOException e) {
            throw new ClientException("cannot load the agent into process " + pid + ": " + e.getMessage(), e);
        } finally {
            try {
                vm.detach();
            } catch (IOException ignored) {
                // the agent is loaded or not; the connection goes either way
            }
            if (optionsFile != null) {
                try {
                    Files.deleteIfExists(optionsFile);
                } catch (IOException ignored) {
                    // a temp file
                }
            }
        }
    }
    /**
     * The JVM had a session that was detached: its agent is loaded still, so the new session starts over the control
     * channel ({@code resume}) with these settings instead of loading a second agent. The agent refuses another mode,
     * event or interval than the detached session's, in one line.
     */
    private void resume(long pid) throws ClientException {
        ControlClient.Reply r;
        try (ControlClient c = ControlClient.connect(pid, 60_000)) {
            r = c.command("resume " + settings.resumeSettings());
        }
        if (!r.ok) throw new ClientException("process " + pid + " refused the new session: " + r.text);
    }
}
