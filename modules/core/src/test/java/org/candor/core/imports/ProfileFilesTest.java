package org.candor.core.imports;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** What the app's file choosers say they open is what they accept: {@link ProfileFiles#EXTENSIONS}, pprof's too. */
class ProfileFilesTest {

    @Test
    void theChoosersFilterNamesEveryExtensionItAccepts() {
        assertThat(ProfileFiles.extensionPatterns()).isEqualTo("*.candor, *.jfr, *.collapsed, *.folded, *.gz, *.pprof");
    }
}
