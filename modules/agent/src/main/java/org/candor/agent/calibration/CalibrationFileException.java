package org.candor.agent.calibration;

import java.nio.file.Path;

/** A calibration statistics file that cannot be used; the message is one line naming the file and the problem. */
public final class CalibrationFileException extends Exception {
    private static final long serialVersionUID = 1L;

    public CalibrationFileException(Path file, String problem) {
        super("calibration statistics file " + file + " " + problem);
    }
}
