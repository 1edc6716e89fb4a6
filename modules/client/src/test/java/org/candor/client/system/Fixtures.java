package org.candor.client.system;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** The files under src/test/resources/org/candor/client/system, copied from /proc and JDKs of the build machine. */
final class Fixtures {

    private Fixtures() {}

    static byte[] bytes(String name) {
        try (InputStream in = Fixtures.class.getResourceAsStream(name)) {
            if (in == null) throw new IllegalArgumentException("no fixture " + name);
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String text(String name) {
        return new String(bytes(name), StandardCharsets.UTF_8);
    }
}
