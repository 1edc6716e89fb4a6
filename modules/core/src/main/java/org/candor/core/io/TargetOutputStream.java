package org.candor.core.io;

import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

/**
 * A file's output stream, as {@link ReplaceFile} gives it to a writer, whose failures to write name the file the user
 * asked for: not the temporary file the bytes really go to, and not the input the writer reads meanwhile (a report
 * from a snapshot fails either side, and the JDK's "File too large" names neither). Its channel does the same.
 */
final class TargetOutputStream extends FileOutputStream {

    private final Path target;
    private TargetChannel channel;

    /** Writes into {@code file}, its errors named by {@code target}. */
    TargetOutputStream(File file, Path target) throws IOException {
        super(file);
        this.target = target;
    }

    @Override public void write(int b) throws IOException {
        try {
            super.write(b);
        } catch (IOException e) {
            throw ReplaceFile.cannotWrite(target, e);
        }
    }

    @Override public void write(byte[] b, int off, int len) throws IOException {
        try {
            super.write(b, off, len);
        } catch (IOException e) {
            throw ReplaceFile.cannotWrite(target, e);
        }
    }

    @Override public void write(byte[] b) throws IOException {
        write(b, 0, b.length);
    }

    @Override public synchronized FileChannel getChannel() {
        if (channel == null) channel = new TargetChannel(super.getChannel(), target);
        return channel;
    }
}
