package org.candor.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.List;
import org.candor.client.AgentFiles;
import org.candor.client.ClientException;

/**
 * {@code candor verify JAR...}: whether Candor can instrument these jars, before profiling with them. The work is
 * the agent's ({@code org.candor.agent.verify.VerifyTool}, run from the agent directory's jars), so what is checked
 * is the instrumenter the target will get.
 */
final class VerifyCommand implements Command {

    private static final String TOOL = "org.candor.agent.verify.VerifyTool";

    @Override public String name() { return "verify"; }

    @Override public String summary() { return "say whether Candor's probes keep every class of a jar valid"; }

    @Override public String usage() {
        return "usage: candor verify [--scheme total] JAR|jrt:/MODULE ...\n\n"
                + "Instruments every class of each jar as the agent would under the Total scheme (every method that\n"
                + "has code, with nothing excluded but the JDK packages the probes run on) and checks each\n"
                + "instrumented class with the JVM's own verifier (defined in a fresh loader and linked; nothing is\n"
                + "initialised, no code of the jar runs) and with ASM's data-flow verifier, method by method. The\n"
                + "types a class refers to come from all the jars given and this JDK: give a jar's dependencies too.\n"
                + "jrt:/MODULE checks a module of this JDK (jrt:/java.base).\n\n"
                + "Prints per jar the classes and methods checked and each method that verifies unmodified but not\n"
                + "with probes (class, method, the verifier's message). A class that fails unmodified (a dependency\n"
                + "missing) is counted apart. Exit 1 when Candor's probes make anything fail.\n\n"
                + "  --scheme total   the scheme whose probes are checked (the only one: Lazy and Eager insert the\n"
                + "                   same probes into fewer methods)\n\n"
                + "example:\n"
                + "  candor verify app.jar lib/*.jar\n"
                + "  candor verify jrt:/java.base\n";
    }

    @Override
    public int run(List<String> argList, Console console) throws Exception {
        Args args = new Args(name(), argList);
        List<String> sources = new ArrayList<>();
        while (args.hasNext()) {
            String a = args.next();
            if (a.equals("--scheme")) {
                String scheme = args.value(a);
                if (!scheme.equals("total")) {
                    throw new UsageException("verify: --scheme " + scheme + " is not checked: only 'total' (Lazy and"
                            + " Eager insert the same probes into fewer methods)");
                }
            } else if (Args.isOption(a)) {
                throw args.unknown(a);
            } else {
                sources.add(a);
            }
        }
        if (sources.isEmpty()) throw new UsageException("verify: name one jar or more (or jrt:/MODULE)");
        int failures = runTool(AgentFiles.locate(), sources, console.out);
        if (failures > 0) {
            console.error("Candor's probes make " + failures + " method" + (failures == 1 ? "" : "s")
                    + " fail verification (listed above): exclude them (--exclude) when profiling");
            return 1;
        }
        return 0;
    }

    private static int runTool(AgentFiles agent, List<String> sources, PrintStream out) throws Exception {
        URL[] jars = {agent.agentJar().toUri().toURL(), agent.dir().resolve(AgentFiles.PROBE_JAR).toUri().toURL()};
        try (URLClassLoader loader = new URLClassLoader("candor-agent", jars, ClassLoader.getPlatformClassLoader())) {
            Method run;
            try {
                run = loader.loadClass(TOOL).getMethod("run", List.class, PrintStream.class);
            } catch (ReflectiveOperationException | LinkageError e) {
                throw new ClientException(agent.agentJar() + " has no 'verify' (" + e + "): an older agent?");
            }
            try {
                return (Integer) run.invoke(null, sources, out);
            } catch (InvocationTargetException e) {
                if (e.getCause() instanceof IOException) throw (IOException) e.getCause();
                throw e.getCause() instanceof Exception ? (Exception) e.getCause() : e;
            }
        }
    }
}
