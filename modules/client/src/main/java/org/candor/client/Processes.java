package org.candor.client;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.Paths;

/** Who owns a local process, read from {@code /proc}. */
public final class Processes {

    private Processes() {}

    public static int ownUid() throws IOException {
        return uidOf(Paths.get("/proc/self"));
    }

    /** Refuses a JVM that does not run or that another user owns: Candor only controls its user's programs. */
    public static void checkOwn(long pid) throws ClientException {
        Path proc = Paths.get("/proc", Long.toString(pid));
        try {
            int owner = uidOf(proc);
            int own = ownUid();
            if (owner != own) {
                throw new ClientException("process " + pid + " belongs to another user (uid " + owner + ", you are uid "
                        + own + "); Candor attaches only to your own programs");
            }
        } catch (NoSuchFileException e) {
            throw new ClientException("no process " + pid);
        } catch (IOException e) {
            throw new ClientException("cannot check the owner of process " + pid + ": " + e.getMessage(), e);
        }
    }

    private static int uidOf(Path proc) throws IOException {
        if (!Files.exists(proc)) throw new NoSuchFileException(proc.toString());
        return (Integer) Files.getAttribute(proc, "unix:uid");
    }
}
