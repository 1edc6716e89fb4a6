package org.candor.ui.model.analyze;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.candor.client.ProfileSettings;
import org.junit.jupiter.api.Test;

class AnalyzeSettingsTest {

    private static final Path OUT = Path.of("/tmp/x.candor");

    @Test
    void eachTaskBecomesTheSessionItNames() throws Exception {
        AnalyzeSettings base = AnalyzeSettings.defaults().withFilters(List.of("com.acme.**"), List.of("com.acme.gen.**"), true);

        ProfileSettings entire = base.profileSettings(OUT);
        assertThat(entire.agentOptionLines()).contains("mode=instrument", "scheme=total", "include=com.acme.**",
                "exclude=com.acme.gen.**").doesNotContain("start=delayed", "calibration=off");

        ProfileSettings part = base.withTask(ProfilingTask.PART_OF_APPLICATION)
                .withRoots(List.of("com.acme.Server.handle", " ", "com.acme.Server.handle")).withRootScheme("eager")
                .profileSettings(OUT);
        assertThat(part.agentOptionLines()).contains("scheme=eager", "root=com.acme.Server.handle")
                .filteredOn(l -> l.startsWith("root=")).hasSize(1);

        ProfileSettings startup = base.withTask(ProfilingTask.STARTUP).withDelayedStart(true).withCalibration("off")
                .withMetric("cpu").profileSettings(OUT);
        assertThat(startup.agentOptionLines()).contains("scheme=total", "start=delayed", "calibration=off");
        assertThat(startup.nativeOptions()).isEqualTo("metric=cpu");

        ProfileSettings sampling = base.withTask(ProfilingTask.CPU_SAMPLING).withRoots(List.of("ignored.Root.run"))
                .withSampling("wall", "2ms").profileSettings(OUT);
        assertThat(sampling.sampling()).isTrue();
        assertThat(sampling.nativeOptions()).isEqualTo("sample=wall,interval=2000000");
        assertThat(sampling.agentOptionLines()).noneMatch(l -> l.startsWith("root=") || l.startsWith("scheme="));
    }

    @Test
    void problemsAreTheAgentsOwnInOneLine() {
        AnalyzeSettings part = AnalyzeSettings.defaults().withTask(ProfilingTask.PART_OF_APPLICATION);
        assertThat(part.problem()).isEqualTo("Part of application needs at least one root method");
        assertThat(part.withRoots(List.of("com.acme.(")).problem()).contains("com.acme.(");
        assertThat(AnalyzeSettings.defaults().withTask(ProfilingTask.CPU_SAMPLING).withSampling("cpu", "1us").problem())
                .contains("below the supported floor");
        assertThat(AnalyzeSettings.defaults().problem()).isNull();
    }

    @Test
    void aRunningSessionGetsTheWholeFilterListsSoNothingOldStays() {
        AnalyzeSettings part = AnalyzeSettings.defaults().withTask(ProfilingTask.PART_OF_APPLICATION)
                .withRoots(List.of("a.B.c", "a.B.d"));
        assertThat(part.setCommand()).isEqualTo("set scheme=lazy,root=a.B.c,a.B.d,include=**,exclude=,defaultexcludes=true");
        AnalyzeSettings total = AnalyzeSettings.defaults().withFilters(List.of("a.**"), List.of("a.gen.**"), false);
        assertThat(total.setCommand()).isEqualTo("set scheme=total,include=a.**,exclude=a.gen.**,defaultexcludes=false");
    }

    @Test
    void keptAndReadBackWhole() throws Exception {
        AnalyzeSettings s = AnalyzeSettings.defaults().withTask(ProfilingTask.PART_OF_APPLICATION)
                .withRoots(List.of("a.B.c")).withRootScheme("eager").withFilters(List.of("a.**"), List.of("a.x.**"), false)
                .withMetric("page-faults").withCalibration("off").withDelayedStart(true).withSampling("wall", "5ms");
        assertThat(AnalyzeSettings.fromMap(s.toMap())).isEqualTo(s);
        assertThat(s.withCalibration("frozen").withCalstats("/tmp/minima.stats").profileSettings(OUT).agentOptionLines())
                .contains("calibration=frozen", "calstats=/tmp/minima.stats");
        assertThat(AnalyzeSettings.fromMap(java.util.Map.of("calibrated", "false")).calibration())
                .as("kept by the first version, a flag").isEqualTo("off");
        assertThat(AnalyzeSettings.fromMap(java.util.Map.of("task", "SOMETHING_NEW", "metric", "bogus")))
                .as("an entry this version cannot read takes the defaults").isEqualTo(AnalyzeSettings.defaults());
    }

    @Test
    void summariesSayWhatRuns() {
        assertThat(AnalyzeSettings.defaults().summary()).isEqualTo("Entire application: total scheme, every class, wall time");
        assertThat(AnalyzeSettings.defaults().withTask(ProfilingTask.CPU_SAMPLING).summary())
                .isEqualTo("CPU sampling: CPU-time samples every 1ms");
    }

    @Test
    void presets() {
        assertThat(FilterPresets.jdk()).contains("java.**", "sun.**", "com.sun.**").doesNotContain("org.candor.**");
        assertThat(FilterPresets.myPackages("com.acme.shop.web.Main")).containsExactly("com.acme.shop.**");
        assertThat(FilterPresets.myPackages("org.candor.demo.Main arg1")).containsExactly("org.candor.demo.**");
        assertThat(FilterPresets.myPackages("Main")).isEmpty();
        assertThat(FilterPresets.myPackages("shop.jar")).isEmpty();
        assertThatThrownBy(() -> FilterPresets.jdk().add("x")).isInstanceOf(UnsupportedOperationException.class)
                .as("not the caller's to change").hasNoCause();
    }

    @Test
    void aTraceIsWrittenBesideTheSnapshotInEitherMode(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        AnalyzeSettings s = AnalyzeSettings.defaults().withTask(ProfilingTask.CPU_SAMPLING).withTrace(true);
        Path atExit = dir.resolve("launch-1.candor");
        ProfileSettings p = s.profileSettings(atExit);
        assertThat(p.traceDirectory()).isEqualTo(dir.resolve("launch-1.trace"));
        assertThat(p.nativeOptions()).contains(",trace=" + dir.resolve("launch-1.trace"));
        assertThat(s.summary()).endsWith(", with a trace");
        // kept in a named configuration
        assertThat(AnalyzeSettings.fromMap(s.toMap()).trace()).isTrue();
        assertThat(AnalyzeSettings.fromMap(AnalyzeSettings.defaults().toMap()).trace()).isFalse();
        // instrumentation traces too: the sampler runs beside the probes for it
        ProfileSettings instrumented = s.withTask(ProfilingTask.ENTIRE_APPLICATION).profileSettings(atExit);
        assertThat(instrumented.traceDirectory()).isEqualTo(dir.resolve("launch-1.trace"));
        assertThat(instrumented.nativeOptions()).contains("sample=cpu").contains(",trace=" + dir.resolve("launch-1.trace"));
        assertThat(instrumented.agentOptionLines()).contains("mode=instrument", "trace=" + dir.resolve("launch-1.trace"));
        assertThat(s.withTask(ProfilingTask.ENTIRE_APPLICATION).summary()).endsWith(", with a trace");
        assertThat(s.withTrace(false).withTask(ProfilingTask.ENTIRE_APPLICATION).profileSettings(atExit).traceDirectory()).isNull();
    }
}
