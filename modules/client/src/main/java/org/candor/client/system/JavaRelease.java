package org.candor.client.system;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalInt;

/** A JDK's {@code release} file: its {@code JAVA_VERSION} ("17.0.15", "1.8.0_392") and the feature version (17, 8). */
public record JavaRelease(String version, OptionalInt feature) {

    /** From the file's text; the version is empty when it has no JAVA_VERSION line. */
    public static JavaRelease parse(String text) {
        for (String line : text.split("\n")) {
            if (!line.startsWith("JAVA_VERSION=")) continue;
            String version = line.substring("JAVA_VERSION=".length()).trim().replace("\"", "");
            return new JavaRelease(version, feature(version));
        }
        return new JavaRelease("", OptionalInt.empty());
    }

    /** The {@code JAVA_VERSION} of the release file at {@code file}; empty when there is none or it says none. */
    public static String versionIn(Path file) {
        try {
            return parse(Files.readString(file, StandardCharsets.UTF_8)).version();
        } catch (IOException e) {
            return "";
        }
    }

    /** The feature version of a version string: 17 of "17.0.15", 8 of "1.8.0_392", 26 of "26-ea"; empty if none. */
    public static OptionalInt feature(String version) {
        String[] parts = version.split("[._+-]");
        try {
            int first = Integer.parseInt(parts[0]);
            if (first == 1 && parts.length > 1) return OptionalInt.of(Integer.parseInt(parts[1])); // 1.8.0 is 8
            return OptionalInt.of(first);
        } catch (NumberFormatException e) {
            return OptionalInt.empty();
        }
    }
}
