package org.candor.client;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.candor.agent.control.SessionDirectories;

/**
 * The session files agents write for their control channel (the agent's {@code control/SessionFile}): one per JVM,
 * named by its pid, in {@code $XDG_RUNTIME_DIR/candor} or {@code ${java.io.tmpdir}/candor-<user>}. A file is only
 * believed when this user owns it and nobody else may read it.
 */
public final class SessionFiles {

    /** What a session file says. */
    public static final class Session {
        public final long pid;
        public final int port;
        public final String secret;
        public final String mode;
        public final Path file;

        Session(long pid, int port, String secret, String mode, Path file) {
            this.pid = pid;
            this.port = port;
            this.secret = secret;
            this.mode = mode;
            this.file = file;
        }
    }

    private SessionFiles() {}

    /** Where agents of this user may have written session files, the preferred place first. */
    public static List<Path> directories() {
        List<Path> dirs = new ArrayList<>();
        Path runtime = SessionDirectories.runtime();
        if (runtime != null) dirs.add(runtime);
        dirs.add(SessionDirectories.temporary());
        return dirs;
    }

    /** The session of this JVM, or null when none of the directories has one. */
    public static Session find(long pid) throws ClientException {
        for (Path dir : directories()) {
            Path f = dir.resolve(Long.toString(pid));
            if (Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS)) return read(f, pid);
        }
        return null;
    }

    private static Session read(Path f, long pid) throws ClientException {
        try {
            int owner = (Integer) Files.getAttribute(f, "unix:uid", LinkOption.NOFOLLOW_LINKS);
            if (owner != Processes.ownUid()) {
                throw new ClientException("the session file " + f + " belongs to another user (uid " + owner + "); not used");
            }
            Set<PosixFilePermission> perms = Files.getPosixFilePermissions(f, LinkOption.NOFOLLOW_LINKS);
            if (perms.contains(PosixFilePermission.GROUP_READ) || perms.contains(PosixFilePermission.OTHERS_READ)) {
                throw new ClientException("the session file " + f + " is readable by others; not used");
            }
            Map<String, String> values = new HashMap<>();
            for (String line : Files.readAllLines(f, StandardCharsets.UTF_8)) {
                int eq = line.indexOf('=');
                if (eq > 0) values.put(line.substring(0, eq), line.substring(eq + 1));
            }
            String port = values.get("port");
            String secret = values.get("secret");
            if (port == null || secret == null) throw new ClientException("the session file " + f + " is incomplete");
            return new Session(pid, Integer.parseInt(port), secret, values.getOrDefault("mode", "?"), f);
        } catch (IOException | NumberFormatException e) {
            throw new ClientException("cannot read the session file " + f + ": " + e.getMessage(), e);
        }
    }
}
