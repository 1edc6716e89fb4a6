package org.candor.app.inside;

import static org.junit.jupiter.api.Assertions.fail;

import java.awt.GraphicsEnvironment;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Level;
import java.util.stream.Collectors;
import junit.framework.TestCase;
import junit.framework.TestResult;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.netbeans.junit.NbModuleSuite;

/**
 * The tests inside the assembled application: NbModuleSuite starts the clusters of application/target/candor in this
 * JVM as the launcher starts them (every module the launcher enables, autoloads left to load on demand, the branding,
 * the launcher's JVM options from candor.conf through surefire's argLine), with its main window on the X display, and
 * runs the test cases of {@link #TEST_CASES} inside it, where they reach the real windows, the window system and the
 * modules' APIs; a test case during which the app logs a warning or an exception fails. Surefire runs this class in
 * an execution of its own (see the module's pom); the application starts once for all the test cases, in the order
 * listed: a new workflow test is one more class in the list.
 *
 * <p>The platform runs JUnit 3 test cases. Rather than a second engine (JUnit 5's vintage engine loses the results of
 * tests that NbModuleSuite adds while it runs: it reported none, and a failure passed), this Jupiter test runs the
 * suite and reports each test case's outcome as a test of its own, with its failure and stack trace; a test case that
 * did not run fails.
 */
class InsideAppTest {

    /** Run in this order, in one start of the application. */
    private static final List<Class<? extends TestCase>> TEST_CASES =
            List.of(AssembledApp.class, AnalyzePartOfApplication.class, LaunchTheDemo.class, ThreadsTimeline.class,
                    DarkTheme.class);

    @TestFactory
    List<DynamicTest> insideTheAssembledApplication() {
        if (GraphicsEnvironment.isHeadless()) {
            String why = "no X display: DISPLAY is not set and xvfb-run is not installed (apt-get install xvfb xauth)";
            if ("true".equals(System.getenv("CI"))) fail("GUI tests must run in CI, but there is " + why);
            Assumptions.abort(why);
        }
        // surefire's inside-app execution names the assembly and gives the JVM the launcher's options; another
        // execution (-Dtest=InsideAppTest runs it in each) has neither
        Assumptions.assumeTrue(System.getProperty("all.clusters") != null,
                "runs in surefire's inside-app execution, which names the assembled application in all.clusters");
        NbModuleSuite.Configuration suite = NbModuleSuite.emptyConfiguration();
        for (Class<? extends TestCase> c : TEST_CASES) suite = suite.addTest(c);
        suite = suite.clusters(".*")              // the platform and the candor cluster
                .enableModules(".*")              // every module their config enables, as the launcher does...
                .honorAutoloadEager(true)         // ...with autoloads and eager modules left as they are
                .enableClasspathModules(false)    // the modules come from the clusters, not from the test class path
                .parentClassLoader(testLibraries())
                .failOnMessage(Level.WARNING)     // a test case during which the app logs a problem fails
                .failOnException(Level.INFO)
                .gui(true);

        Outcomes outcomes = new Outcomes();
        TestResult result = new TestResult();
        result.addListener(outcomes);
        suite.suite().run(result);

        List<DynamicTest> tests = new ArrayList<>(outcomes.tests());
        for (Class<? extends TestCase> c : TEST_CASES) {
            if (outcomes.ran(c)) continue;
            String ran = outcomes.names().stream().collect(Collectors.joining(", "));
            tests.add(DynamicTest.dynamicTest(c.getSimpleName(), () -> fail(c.getName() + " did not run inside the"
                    + " application; what ran: " + (ran.isEmpty() ? "nothing" : ran))));
        }
        return tests;
    }

    /**
     * What the test cases use beside the application and JUnit (which NbModuleSuite passes through itself): AssertJ
     * and AssertJ Swing, in a loader under the application's. The modules see only the clusters, as when installed.
     */
    private static ClassLoader testLibraries() {
        List<URL> jars = new ArrayList<>();
        for (String marker : new String[] {"org.assertj.core.api.Assertions", "net.bytebuddy.ByteBuddy",
                "org.assertj.swing.core.Robot"}) {
            try {
                jars.add(Class.forName(marker).getProtectionDomain().getCodeSource().getLocation());
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException("the test class path lacks " + marker, e);
            }
        }
        return new URLClassLoader(jars.toArray(new URL[0]), ClassLoader.getPlatformClassLoader());
    }
}
