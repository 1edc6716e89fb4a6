package org.candor.client;

import java.nio.file.Files;
import java.nio.file.Path;

/** Checks on files the client reads or hands to the agent to read, before anything opens them. */
public final class InputFiles {

    private InputFiles() {}

    /**
     * Refuses a file that exists and is not a regular file: a FIFO opened for reading with nobody writing blocks
     * whoever opens it (the target before its main, or the command itself), and {@code /dev/zero} never ends.
     * One that does not exist is left to the reader, which names that.
     *
     * @param label how the message names it ({@code --calstats FILE})
     */
    public static void refuseIfNotRegular(Path file, String label) throws ClientException {
        if (Files.exists(file) && !Files.isRegularFile(file)) {
            throw new ClientException(label + " is not a regular file");
        }
    }
}
