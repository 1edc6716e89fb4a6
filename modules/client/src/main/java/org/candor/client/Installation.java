package org.candor.client;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

/**
 * Finds Candor's own files beside the running code: in an installed distribution ({@code <home>/lib/*.jar},
 * {@code <home>/agent/}) and in a source tree after a build ({@code modules/<module>/target/}).
 */
public final class Installation {

    private Installation() {}

    /**
     * The first of the relative paths that exists under the directory of the running code or one of its parents.
     * @throws ClientException naming what was looked for and where
     */
    public static Path find(String what, List<String> relativePaths) throws ClientException {
        List<Path> tried = new ArrayList<>();
        Path code = codeLocation();
        for (Path p = code == null ? null : code.getParent(); p != null; p = p.getParent()) {
            for (String rel : relativePaths) {
                Path candidate = p.resolve(rel);
                tried.add(candidate);
                if (Files.exists(candidate)) return candidate.toAbsolutePath().normalize();
            }
        }
        throw new ClientException("cannot find " + what + "; looked for " + relativePaths + " above " + code);
    }

    private static Path codeLocation() {
        try {
            return Paths.get(Installation.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException | RuntimeException e) {
            return null;
        }
    }

    /** The bundled demo program's jar: the system property {@code candor.demo.jar}, else beside the running code. */
    public static Path demoJar() throws ClientException {
        String prop = System.getProperty("candor.demo.jar");
        if (prop != null && !prop.isEmpty()) return Paths.get(prop).toAbsolutePath();
        return find("the demo program (candor-demo.jar)", List.of("lib/candor-demo.jar", "modules/demo/target/candor-demo.jar"));
    }
}
