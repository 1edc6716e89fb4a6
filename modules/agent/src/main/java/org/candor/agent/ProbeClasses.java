package org.candor.agent;

/**
 * Loads and initialises every probe class before the first probe runs, so that a probe never triggers class
 * loading (and with it the transformer) in the middle of updating a thread's tree.
 */
final class ProbeClasses {

    private static final String[] NAMES = {
        "org.candor.probe.Clock", "org.candor.probe.NativeClock", "org.candor.probe.ProbeLimits",
        "org.candor.probe.NodeBudget", "org.candor.probe.Grow", "org.candor.probe.ThreadState",
        "org.candor.probe.ThreadTreeCopy", "org.candor.probe.ThreadRegistry", "org.candor.probe.Probe",
        "org.candor.probe.Probe$1", "org.candor.probe.HiddenClasses", "org.candor.probe.HiddenClasses$Instrumenter",
        "org.candor.probe.CalibrationSettings", "org.candor.probe.MethodKinds", "org.candor.probe.Calibration",
        "org.candor.probe.Calibration$Warmup", "org.candor.probe.SectionHistogram", "org.candor.probe.ExactSections",
        "org.candor.probe.FirstRun", "org.candor.probe.FirstRun$Hook", "org.candor.probe.Recording",
        "org.candor.probe.MethodRows", "org.candor.probe.TreeShape", "org.candor.probe.TreeStorage",
        "org.candor.probe.TreeReset", "org.candor.probe.StatesById",
    };

    private ProbeClasses() {}

    static void preload() {
        for (String name : NAMES) {
            try {
                Class.forName(name, true, null);
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException("candor-probe.jar is not on the boot class path: " + name + " missing", e);
            }
        }
    }
}
