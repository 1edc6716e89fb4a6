package org.candor.app.inside;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.netbeans.junit.NbTestCase;
import org.openide.modules.ModuleInfo;
import org.openide.util.Lookup;

/**
 * That the application the tests run inside is the installed one as its launcher starts it: the modules every cluster
 * of the assembly enables are on (the Candor modules among them), and this JVM got the launcher's JVM options.
 */
public class AssembledApp extends NbTestCase {

    private static final Pattern ENABLED = Pattern.compile("<param name=\"enabled\">true</param>");
    private static final Pattern NAME = Pattern.compile("<module name=\"([^\"]+)\">");
    /** A line of candor.conf that gives the JVM an option: {@code -J}, the option, a space, quote or backslash. */
    private static final Pattern JVM_OPTION = Pattern.compile("^\\s*-J([^\\s\"\\\\]+).*");

    public AssembledApp(String name) {
        super(name);
    }

    public void testEveryModuleTheAssemblyEnablesIsOn() throws IOException {
        Map<String, Boolean> on = new HashMap<>();
        for (ModuleInfo m : Lookup.getDefault().lookupAll(ModuleInfo.class)) on.put(m.getCodeNameBase(), m.isEnabled());
        List<String> enabledByAssembly = new ArrayList<>();
        try (Stream<Path> clusters = Files.list(Path.of(System.getProperty("all.clusters")))) {
            for (Path config : clusters.map(c -> c.resolve("config/Modules")).filter(Files::isDirectory).toList()) {
                try (Stream<Path> xmls = Files.list(config)) {
                    for (Path xml : xmls.filter(p -> p.toString().endsWith(".xml")).toList()) {
                        String text = Files.readString(xml);
                        Matcher name = NAME.matcher(text);
                        if (ENABLED.matcher(text).find() && name.find()) enabledByAssembly.add(name.group(1));
                    }
                }
            }
        }
        assertThat(enabledByAssembly).as("modules the assembly enables")
                .contains("org.candor.libs", "org.candor.ui.calltree", "org.candor.ui.live", "org.candor.branding");
        for (String cnb : enabledByAssembly) assertThat(on.get(cnb)).as("module " + cnb + " is on").isTrue();
    }

    public void testThisJvmHasTheLaunchersJvmOptions() throws IOException {
        String conf = Files.readString(Path.of(System.getProperty("candor.conf")));
        List<String> options = new ArrayList<>();
        for (String line : conf.split("\n")) {
            Matcher m = JVM_OPTION.matcher(line);
            // as the build reads them for the argLine: an option that names a launcher variable is the launcher's
            if (m.matches() && !line.contains("$")) options.add(m.group(1));
        }
        assertThat(options).as("the -J options of candor.conf").contains("--add-opens=java.base/java.net=ALL-UNNAMED");
        assertThat(ManagementFactory.getRuntimeMXBean().getInputArguments())
                .as("this JVM's options (surefire's argLine, made from candor.conf)").containsAll(options);
    }
}
