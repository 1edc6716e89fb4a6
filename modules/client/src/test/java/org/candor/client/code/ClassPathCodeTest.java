package org.candor.client.code;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClassPathCodeTest {

    @Test
    void findsClassesInJarsTheirManifestClassPathAndFolders(@TempDir Path dir) throws Exception {
        byte[] shapes = ClassFileMethodsTest.bytes(ClassFileMethodsTest.Shapes.class);
        Path lib = dir.resolve("lib.jar");
        jar(lib, null, "com/acme/lib/Cache.class", shapes);
        Path app = dir.resolve("app.jar");
        jar(app, "lib.jar", "com/acme/app/Main.class", shapes);
        Path classes = Files.createDirectories(dir.resolve("classes/com/acme/web"));
        Files.write(classes.resolve("Handler.class"), shapes);

        ClassPathCode viaJar = ClassPathCode.ofCommand(List.of("java", "-Xmx1g", "-jar", app.toString(), "arg"), dir);
        assertThat(viaJar.classes("acme").shown()).containsExactly("com.acme.app.Main", "com.acme.lib.Cache");
        assertThat(viaJar.methods("com.acme.lib.Cache")).contains("run(String[], int[][], long, double)");

        ClassPathCode viaCp = ClassPathCode.ofCommand(List.of("java", "-cp", "classes", "com.acme.web.Handler"), dir);
        CodeSource.ClassList web = viaCp.classes("HAND");
        assertThat(web.count()).isEqualTo(1);
        assertThat(web.shown()).containsExactly("com.acme.web.Handler");
        assertThatThrownBy(() -> viaCp.methods("com.acme.Nothing")).hasMessage("no class com.acme.Nothing on the class path");
    }

    @Test
    void anUnreadableClassPathSaysSo(@TempDir Path dir) {
        ClassPathCode none = ClassPathCode.ofCommand(List.of("java", "-cp", "missing.jar", "Main"), dir);
        assertThatThrownBy(() -> none.classes("")).hasMessageStartingWith("none of the class path can be read");
    }

    @Test
    void answersAreBounded(@TempDir Path dir) throws Exception {
        byte[] shapes = ClassFileMethodsTest.bytes(ClassFileMethodsTest.Shapes.class);
        Path many = Files.createDirectories(dir.resolve("many/p"));
        for (int i = 0; i < CodeSource.MAX_CLASSES + 50; i++) Files.write(many.resolve("C" + i + ".class"), shapes);
        CodeSource.ClassList all = ClassPathCode.ofClassPath(dir.resolve("many").toString(), null, "x").classes("");
        assertThat(all.count()).isEqualTo(CodeSource.MAX_CLASSES + 50);
        assertThat(all.shown()).hasSize(CodeSource.MAX_CLASSES);
        assertThat(all.more()).isTrue();
        CodeSource.ClassList next = ClassPathCode.ofClassPath(dir.resolve("many").toString(), null, "x")
                .classes("", CodeSource.MAX_CLASSES);
        assertThat(next.shown()).as("the second page").hasSize(50).doesNotContainAnyElementsOf(all.shown());
        assertThat(next.more()).isFalse();
    }

    private static void jar(Path file, String classPath, String entry, byte[] bytes) throws Exception {
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        if (classPath != null) m.getMainAttributes().put(Attributes.Name.CLASS_PATH, classPath);
        try (OutputStream out = Files.newOutputStream(file); JarOutputStream jar = new JarOutputStream(out, m)) {
            jar.putNextEntry(new JarEntry(entry));
            jar.write(bytes);
            jar.closeEntry();
        }
    }
}
