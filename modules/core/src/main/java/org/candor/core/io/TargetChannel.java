package org.candor.core.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Path;

/**
 * The channel of a {@link TargetOutputStream}: the file's own channel, whose failures to write (a full disk, a file
 * size limit) name the file the user asked for. A writer reads its input while it writes, and "No space left on
 * device" alone does not say which side failed.
 */
final class TargetChannel extends FileChannel {

    private final FileChannel file;
    private final Path target;

    TargetChannel(FileChannel file, Path target) {
        this.file = file;
        this.target = target;
    }

    @Override public int write(ByteBuffer src) throws IOException {
        try {
            return file.write(src);
        } catch (IOException e) {
            throw ReplaceFile.cannotWrite(target, e);
        }
    }

    @Override public long write(ByteBuffer[] srcs, int offset, int length) throws IOException {
        try {
            return file.write(srcs, offset, length);
        } catch (IOException e) {
            throw ReplaceFile.cannotWrite(target, e);
        }
    }

    @Override public int write(ByteBuffer src, long position) throws IOException {
        try {
            return file.write(src, position);
        } catch (IOException e) {
            throw ReplaceFile.cannotWrite(target, e);
        }
    }

    @Override public long transferFrom(ReadableByteChannel src, long position, long count) throws IOException {
        // a failure here may be the source's: left as it is
        return file.transferFrom(src, position, count);
    }

    @Override public void force(boolean metaData) throws IOException {
        try {
            file.force(metaData);
        } catch (IOException e) {
            throw ReplaceFile.cannotWrite(target, e);
        }
    }

    @Override public FileChannel truncate(long size) throws IOException {
        try {
            file.truncate(size);
            return this;
        } catch (IOException e) {
            throw ReplaceFile.cannotWrite(target, e);
        }
    }

    @Override public int read(ByteBuffer dst) throws IOException {
        return file.read(dst);
    }

    @Override public long read(ByteBuffer[] dsts, int offset, int length) throws IOException {
        return file.read(dsts, offset, length);
    }

    @Override public int read(ByteBuffer dst, long position) throws IOException {
        return file.read(dst, position);
    }

    @Override public long position() throws IOException {
        return file.position();
    }

    @Override public FileChannel position(long newPosition) throws IOException {
        file.position(newPosition);
        return this;
    }

    @Override public long size() throws IOException {
        return file.size();
    }

    @Override public long transferTo(long position, long count, WritableByteChannel target) throws IOException {
        return file.transferTo(position, count, target);
    }

    @Override public MappedByteBuffer map(MapMode mode, long position, long size) throws IOException {
        return file.map(mode, position, size);
    }

    @Override public FileLock lock(long position, long size, boolean shared) throws IOException {
        return file.lock(position, size, shared);
    }

    @Override public FileLock tryLock(long position, long size, boolean shared) throws IOException {
        return file.tryLock(position, size, shared);
    }

    @Override protected void implCloseChannel() throws IOException {
        file.close();
    }
}
