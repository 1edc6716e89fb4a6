package org.candor.agent.control;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * Reads one command line and hands it to the session. One command at a time, whichever connection sends it: the
 * channel serves several clients at once, and two of them must never interleave changes of the profiler's state.
 */
final class ControlCommands {

    private final ControlledSession session;
    private final ControlConnections connections;

    ControlCommands(ControlledSession session, ControlConnections connections) {
        this.session = session;
        this.connections = connections;
    }

    synchronized Reply run(String line) {
        String trimmed = line.trim();
        int space = trimmed.indexOf(' ');
        String command = space < 0 ? trimmed : trimmed.substring(0, space);
        String argument = space < 0 ? "" : trimmed.substring(space + 1).trim();
        try {
            switch (command) {
                case ControlProtocol.START: return argument.isEmpty() ? session.start() : extra(command);
                case ControlProtocol.STOP: return argument.isEmpty() ? session.stop() : extra(command);
                case ControlProtocol.RESET: return argument.isEmpty() ? session.reset() : extra(command);
                case ControlProtocol.STATUS: return argument.isEmpty() ? channel(session.status()) : extra(command);
                case ControlProtocol.SNAPSHOT:
                    if (argument.isEmpty()) return Reply.error("snapshot needs a file: snapshot PATH");
                    return session.snapshot(absolute(argument));
                case ControlProtocol.LIVE: return live(argument);
                case ControlProtocol.DETACH:
                    return session.detach(argument.isEmpty() ? null : absolute(argument));
                case ControlProtocol.SET: return session.set(argument);
                case ControlProtocol.RESUME: return session.resume(argument);
                case ControlProtocol.CLASSES: return session.classes(argument);
                case ControlProtocol.METHODS:
                    if (argument.isEmpty()) return Reply.error("methods needs a class: methods CLASS");
                    return session.methods(argument);
                default:
                    return Reply.error("unknown command '" + command + "' (known: start, stop, reset, snapshot PATH,"
                            + " live PATHS PATH, detach [PATH], status, set KEY=VALUE,..., resume KEY=VALUE,..., classes [TEXT], methods CLASS)");
            }
        } catch (InvalidPathException e) { // a NUL in it: the file system cannot name it
            return Reply.error(command + ": not a usable path (" + e.getReason() + ")");
        } catch (RuntimeException | Error e) {  // e.g. a heap too full for the snapshot: the target runs on
            return Reply.error(command + " failed: " + e);
        }
    }

    /** The channel's own figures in a status. */
    private Reply channel(Reply status) {
        if (!status.ok) return status;
        return status.put("control.connections", connections.open()).put("control.refused", connections.refused());
    }

    /** {@code PATHS PATH}: the most nodes a thread's tree keeps (2 to 10,000,000), then the file. */
    private Reply live(String argument) {
        int space = argument.indexOf(' ');
        if (space < 0) return Reply.error("live needs a node count and a file: live PATHS PATH");
        String count = argument.substring(0, space);
        long paths;
        try {
            paths = Long.parseLong(count);
        } catch (NumberFormatException e) {
            paths = -1;
        }
        if (paths < 2 || paths > MAX_LIVE_PATHS) {
            return Reply.error("live: '" + count + "' is not a node count from 2 to " + MAX_LIVE_PATHS);
        }
        return session.live(absolute(argument.substring(space + 1).trim()), (int) paths);
    }

    /** Beyond this a live view is no cheaper than a snapshot. */
    static final int MAX_LIVE_PATHS = 10_000_000;

    private static Reply extra(String command) {
        return Reply.error(command + " takes no argument");
    }

    private static Path absolute(String path) {
        return Paths.get(path).toAbsolutePath();
    }
}
