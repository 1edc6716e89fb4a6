package org.candor.cli.targets;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Deletes the (empty) folder its first argument names: the snapshot's folder gone by the time the agent writes. */
public final class RemovesFolder {

    public static void main(String[] args) throws IOException {
        Files.delete(Path.of(args[0]));
    }
}
