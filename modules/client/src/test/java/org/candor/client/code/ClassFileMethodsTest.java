package org.candor.client.code;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class ClassFileMethodsTest {

    /** A class with the shapes the reader must name as the agent's reflection does. */
    @SuppressWarnings("unused")
    static class Shapes implements Comparable<Shapes> {
        Shapes(int x) { }
        static void run(String[] args, int[][] grid, long l, double d) { }
        java.util.Map.Entry<String, Integer> entry(java.util.Map.Entry<String, Integer> e) { return e; }
        @Override public int compareTo(Shapes o) { return 0; }  // javac adds a bridge compareTo(Object)
        Runnable lambda() { return () -> { }; }                   // and a synthetic lambda$ method
    }

    @Test
    void namesMethodsAsTheAgentDoesWithoutConstructorsBridgesOrSynthetics() throws Exception {
        List<String> methods = ClassFileMethods.read(bytes(Shapes.class));
        assertThat(methods).containsExactlyInAnyOrder("run(String[], int[][], long, double)", "entry(Entry)",
                "compareTo(Shapes)", "lambda()");
    }

    @Test
    void aDamagedClassFileIsAnIoException() throws Exception {
        byte[] good = bytes(Shapes.class);
        assertThatThrownBy(() -> ClassFileMethods.read(Arrays.copyOf(good, good.length / 2)))
                .isInstanceOf(IOException.class);
        assertThatThrownBy(() -> ClassFileMethods.read(new byte[] {1, 2, 3, 4, 5, 6, 7, 8}))
                .hasMessage("not a class file");
        byte[] badTag = good.clone();
        badTag[10] = 99;  // the first constant's tag
        assertThatThrownBy(() -> ClassFileMethods.read(badTag)).hasMessageContaining("tag 99");
    }

    static byte[] bytes(Class<?> c) throws IOException {
        String name = c.getName().substring(c.getName().lastIndexOf('.') + 1) + ".class";
        try (InputStream in = c.getResourceAsStream(name)) {
            return in.readAllBytes();
        }
    }
}
