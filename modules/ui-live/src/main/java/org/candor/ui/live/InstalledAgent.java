package org.candor.ui.live;

import java.io.File;
import org.candor.client.AgentFiles;
import org.candor.client.ClientException;
import org.openide.modules.InstalledFileLocator;

/**
 * The agent directory the app attaches with: {@code <cluster>/agent} of the installed app (the libraries module ships
 * it there), else wherever {@link AgentFiles#locate()} looks (a property, the environment, a source tree). Module
 * code has no file location of its own in the platform, so the installed copy is asked of the module system.
 */
public final class InstalledAgent {

    private InstalledAgent() {}

    /** The bundled demo program: {@code <cluster>/demo/candor-demo.jar}, else where {@link Installation} looks. */
    public static java.nio.file.Path demoJar() throws ClientException {
        File jar = InstalledFileLocator.getDefault().locate("demo/candor-demo.jar", "org.candor.libs", false);
        return jar != null ? jar.toPath() : org.candor.client.Installation.demoJar();
    }

    public static AgentFiles locate() throws ClientException {
        File jar = InstalledFileLocator.getDefault().locate("agent/" + AgentFiles.AGENT_JAR, "org.candor.libs", false);
        if (jar != null) return AgentFiles.in(jar.toPath().getParent());
        return AgentFiles.locate();
    }
}
