package org.candor.agent.control;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;

/**
 * Who is on the other end of a loopback connection: the kernel knows the owner of the client's socket, the one
 * whose local end is the connection's remote end and whose remote end is ours. Asked for that one socket through
 * libcandor.so ({@link SocketOwner}), else read from its socket tables ({@code /proc/net/tcp} and {@code tcp6}),
 * which list each socket with its owner's uid.
 */
final class PeerCheck {

    private static volatile int ownUid = -1;

    private PeerCheck() {}

    static int ownUid() throws IOException {
        int uid = ownUid;
        if (uid < 0) ownUid = uid = (Integer) Files.getAttribute(Paths.get("/proc/self"), "unix:uid");
        return uid;
    }

    /** The uid owning the client socket of this connection, or -1 when the kernel does not show it. */
    static int peerUid(java.net.Socket connection) {
        java.net.InetAddress peer = connection.getInetAddress();
        java.net.InetAddress own = connection.getLocalAddress();
        if (peer instanceof java.net.Inet4Address && own instanceof java.net.Inet4Address) {
            int uid = SocketOwner.uid(peer.getAddress(), connection.getPort(), own.getAddress(), connection.getLocalPort());
            if (uid >= 0) return uid;
        }
        return peerUid(connection.getPort(), connection.getLocalPort());
    }

    /** From the socket tables: the uid owning the client socket of this connection, or -1 when they do not show it. */
    static int peerUid(int peerPort, int serverPort) {
        for (String table : new String[] {"/proc/net/tcp", "/proc/net/tcp6"}) {
            int uid = find(Paths.get(table), peerPort, serverPort);
            if (uid >= 0) return uid;
        }
        return -1;
    }

    static int find(Path table, int peerPort, int serverPort) {
        List<String> lines;
        try {
            lines = Files.readAllLines(table, StandardCharsets.US_ASCII);
        } catch (IOException e) {
            return -1;
        }
        for (int i = 1; i < lines.size(); i++) {
            int uid = uidOf(lines.get(i).trim().split("\\s+"), peerPort, serverPort);
            if (uid >= 0) return uid;
        }
        return -1;
    }

    /** Fields: sl, local_address, rem_address, st, tx:rx, tr:when, retrnsmt, uid, ... (addresses {@code HEX:PORT}). */
    static int uidOf(String[] fields, int localPort, int remotePort) {
        if (fields.length < 8) return -1;
        try {
            if (port(fields[1]) != localPort || port(fields[2]) != remotePort) return -1;
            return Integer.parseInt(fields[7]);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static int port(String address) {
        return Integer.parseInt(address.substring(address.lastIndexOf(':') + 1), 16);
    }
}
