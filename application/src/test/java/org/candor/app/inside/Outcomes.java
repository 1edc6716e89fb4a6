package org.candor.app.inside;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import junit.framework.AssertionFailedError;
import junit.framework.Test;
import junit.framework.TestCase;
import junit.framework.TestListener;
import org.junit.jupiter.api.DynamicTest;

/**
 * What each JUnit 3 test of a suite did, told as it runs, kept to be reported as Jupiter tests afterwards: its first
 * failure or error, or none. A failure outside any test case (the application could not start) is kept under the
 * suite's name. The test classes are those the application's class loader loaded, so they are matched by name.
 */
final class Outcomes implements TestListener {

    private final Map<String, Throwable> failures = new LinkedHashMap<>();
    private final List<String> classes = new ArrayList<>();

    @Override
    public void startTest(Test test) {
        failures.putIfAbsent(name(test), null);
        if (test instanceof TestCase) classes.add(test.getClass().getName());
        System.out.println("Inside the application: " + name(test));  // where its output begins
    }

    @Override
    public void addError(Test test, Throwable t) {
        failed(test, t);
    }

    @Override
    public void addFailure(Test test, AssertionFailedError t) {
        failed(test, t);
    }

    private void failed(Test test, Throwable t) {
        String name = name(test);
        if (failures.get(name) == null) failures.put(name, t);
    }

    @Override
    public void endTest(Test test) {
        // nothing: the suite checks what the app logged during a test case after its end, and may fail it then
    }

    /** Whether a test case of {@code c} ran. */
    boolean ran(Class<?> c) {
        return classes.contains(c.getName());
    }

    List<String> names() {
        return new ArrayList<>(failures.keySet());
    }

    /** Each test that ran, passing or throwing what it failed with. */
    List<DynamicTest> tests() {
        List<DynamicTest> out = new ArrayList<>();
        failures.forEach((name, failure) -> out.add(DynamicTest.dynamicTest(name, () -> {
            if (failure != null) throw failure;
        })));
        return out;
    }

    /** {@code AssembledApp.testX}, or the suite's own name for what happens outside a test case. */
    private static String name(Test test) {
        if (!(test instanceof TestCase)) return String.valueOf(test);
        return test.getClass().getSimpleName() + "." + ((TestCase) test).getName();
    }
}
