package org.candor.ui.model.analyze;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.prefs.Preferences;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ConfigurationsTest {

    private final Preferences node = Preferences.userRoot().node("candor-test-" + System.nanoTime());

    @AfterEach
    void removeNode() throws Exception {
        node.removeNode();
    }

    @Test
    void namedConfigurationsAreKeptReplacedAndDeleted() {
        Configurations c = new Configurations(node);
        assertThat(c.names()).isEmpty();
        assertThat(c.last()).isEqualTo(AnalyzeSettings.defaults());
        AnalyzeSettings checkout = AnalyzeSettings.defaults().withTask(ProfilingTask.PART_OF_APPLICATION)
                .withRoots(List.of("com.acme.Cart.checkout"));
        c.save("Checkout / slow path", checkout);
        c.save("zeta", AnalyzeSettings.defaults());
        c.save("Alpha", AnalyzeSettings.defaults().withTask(ProfilingTask.CPU_SAMPLING));
        assertThat(c.names()).containsExactly("Alpha", "Checkout / slow path", "zeta");
        assertThat(new Configurations(node).load("Checkout / slow path")).as("read back by a new reader").isEqualTo(checkout);
        c.save("Checkout / slow path", checkout.withRootScheme("eager"));
        assertThat(c.names()).hasSize(3);
        assertThat(c.load("Checkout / slow path").rootScheme()).isEqualTo("eager");
        c.delete("zeta");
        assertThat(c.names()).containsExactly("Alpha", "Checkout / slow path");
        assertThat(c.load("zeta")).isNull();

        c.saveLast(checkout);
        assertThat(new Configurations(node).last()).isEqualTo(checkout);
        assertThat(c.names()).as("the last used is not a named one").hasSize(2);
    }

    @Test
    void namesAreChecked() {
        Configurations c = new Configurations(node);
        assertThat(Configurations.nameProblem(" ")).isEqualTo("A configuration needs a name");
        assertThat(Configurations.nameProblem("x".repeat(61))).contains("at most 60");
        assertThatThrownBy(() -> c.save("", AnalyzeSettings.defaults())).isInstanceOf(IllegalArgumentException.class);
    }
}
