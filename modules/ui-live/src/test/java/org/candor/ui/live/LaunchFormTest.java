package org.candor.ui.live;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class LaunchFormTest {

    @Test
    void argumentsSplitAtBlanksAndQuotesKeepThemTogether() {
        assertThat(LaunchForm.split("  --port 8080 \"a b\"  c\"\" \"\" ")).containsExactly("--port", "8080", "a b", "c", "");
        assertThat(LaunchForm.split("")).isEmpty();
    }

    @Test
    void theCommandLineOfAJarAndOfAMainClass() throws Exception {
        LaunchForm form = org.assertj.swing.edt.GuiActionRunner.execute(LaunchForm::new);
        org.assertj.swing.edt.GuiActionRunner.execute(() -> {
            form.java.setSelectedItem("/jdk/bin/java");
            form.kind.setSelectedItem(LaunchForm.JAR);
            form.target.setText("app.jar");
            form.classPath.setText("");
            form.arguments.setText("--port 8080");
            form.directory.setText("");
        });
        assertThat(org.assertj.swing.edt.GuiActionRunner.execute(form::command))
                .isEqualTo(List.of("/jdk/bin/java", "-jar", "app.jar", "--port", "8080"));
        assertThat(org.assertj.swing.edt.GuiActionRunner.execute(form::problem)).isNull();
        org.assertj.swing.edt.GuiActionRunner.execute(() -> {
            form.kind.setSelectedItem(LaunchForm.MAIN_CLASS);
            form.target.setText("com.acme.Main");
            form.classPath.setText("lib/*");
            form.arguments.setText("");
            form.directory.setText("/no/such/dir");
        });
        assertThat(org.assertj.swing.edt.GuiActionRunner.execute(form::command))
                .isEqualTo(List.of("/jdk/bin/java", "-cp", "lib/*", "com.acme.Main"));
        assertThat(org.assertj.swing.edt.GuiActionRunner.execute(form::problem))
                .isEqualTo("The working directory /no/such/dir does not exist.");
    }

    @Test
    void aJdkFoundOnThisMachineRunsByItsJava() throws Exception {
        LaunchForm form = org.assertj.swing.edt.GuiActionRunner.execute(LaunchForm::new);
        org.candor.client.InstalledJdks.Jdk running = org.candor.client.InstalledJdks.find().get(0);
        org.assertj.swing.edt.GuiActionRunner.execute(() -> {
            form.java.setSelectedItem(running);
            form.kind.setSelectedItem(LaunchForm.MAIN_CLASS);
            form.target.setText("com.acme.Main");
            form.classPath.setText("");
            form.arguments.setText("");
        });
        assertThat(org.assertj.swing.edt.GuiActionRunner.execute(form::command).get(0)).isEqualTo(running.java().toString());
        assertThat(org.assertj.swing.edt.GuiActionRunner.execute(() -> form.java.getItemCount())).isPositive();
    }
}
