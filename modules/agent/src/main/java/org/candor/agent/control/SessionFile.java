package org.candor.agent.control;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * The file that tells the owner's tools where this JVM's control channel listens and its secret:
 * {@code $XDG_RUNTIME_DIR/candor/<pid>}, or {@code ${java.io.tmpdir}/candor-<user>/<pid>} without a runtime directory.
 * The directory is the owner's alone (0700, refused when anyone else owns it or may write it), the file 0600. The
 * client side ({@code org.candor.client.SessionFiles}) looks in the same places.
 */
final class SessionFile {

    private static final Set<PosixFilePermission> OWNER_DIR = java.util.EnumSet.of(PosixFilePermission.OWNER_READ,
            PosixFilePermission.OWNER_WRITE, PosixFilePermission.OWNER_EXECUTE);
    private static final Set<PosixFilePermission> OWNER_FILE = java.util.EnumSet.of(PosixFilePermission.OWNER_READ,
            PosixFilePermission.OWNER_WRITE);

    private final Path file;

    private SessionFile(Path file) {
        this.file = file;
    }

    /** The directory this JVM's session files go to. */
    static Path directory() {
        Path runtime = SessionDirectories.runtime();
        if (runtime != null && Files.isDirectory(runtime.getParent())) return runtime;
        return SessionDirectories.temporary();
    }

    /** Writes {@code text} as this JVM's session file, atomically, readable by the owner only. */
    static SessionFile write(long pid, String text) throws IOException {
        return write(directory(), pid, text);
    }

    /** As {@link #write(long, String)}, in {@code dir} (tests). */
    static SessionFile write(Path dir, long pid, String text) throws IOException {
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            try {
                Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(OWNER_DIR));
            } catch (java.nio.file.FileAlreadyExistsException raced) {
                // another JVM made it a moment ago; checked below
            }
        }
        checkOwnDirectory(dir);
        // named here rather than by Files.createTempFile, which starts SecureRandom for its names (start-up cost);
        // CREATE_NEW still refuses a file that is there
        Path tmp = dir.resolve(pid + "." + System.nanoTime() + ".tmp");
        try {
            try (java.nio.channels.SeekableByteChannel out = Files.newByteChannel(tmp, java.util.EnumSet.of(
                    java.nio.file.StandardOpenOption.CREATE_NEW, java.nio.file.StandardOpenOption.WRITE),
                    PosixFilePermissions.asFileAttribute(OWNER_FILE))) {
                java.nio.ByteBuffer bytes = java.nio.ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
                while (bytes.hasRemaining()) out.write(bytes);
            }
            Path file = dir.resolve(Long.toString(pid));
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            return new SessionFile(file);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    private static void checkOwnDirectory(Path dir) throws IOException {
        if (Files.isSymbolicLink(dir)) throw new IOException(dir + " is a symbolic link");
        int owner = (Integer) Files.getAttribute(dir, "unix:uid", LinkOption.NOFOLLOW_LINKS);
        if (owner != PeerCheck.ownUid()) throw new IOException(dir + " belongs to another user (uid " + owner + ")");
        Set<PosixFilePermission> perms = Files.getPosixFilePermissions(dir, LinkOption.NOFOLLOW_LINKS);
        if (!perms.equals(OWNER_DIR)) Files.setPosixFilePermissions(dir, OWNER_DIR);
    }

    Path path() { return file; }

    void delete() {
        try {
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // at exit: a stale file names a pid that no longer runs, which the tools recognise
        }
    }
}
