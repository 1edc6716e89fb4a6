package org.candor.agent.control;

/**
 * Asks the kernel which user owns one TCP socket, through libcandor.so (NETLINK_SOCK_DIAG, an exact lookup of a few
 * microseconds). The fallback, reading {@code /proc/net/tcp6}, costs the kernel a walk over every bucket of its
 * socket hash for every read: milliseconds of the target's CPU per connection on a quiet machine, more on a busy
 * server, paid again for every command the app sends (its live views connect once a second).
 */
final class SocketOwner {

    static final int NOT_FOUND = -1;
    /** Netlink unavailable (or libcandor.so absent): read /proc instead. */
    static final int CANNOT_ASK = -2;

    private SocketOwner() {}

    /** Loads the class, so libcandor.so binds it now rather than when the first client connects. */
    static void prepare() {}

    /** The uid owning the socket local:localPort -> remote:remotePort (IPv4 loopback addresses), or a code above. */
    static int uid(byte[] local, int localPort, byte[] remote, int remotePort) {
        try {
            return uid0(local, localPort, remote, remotePort);
        } catch (UnsatisfiedLinkError noLibrary) {
            return CANNOT_ASK;
        }
    }

    private static native int uid0(byte[] local, int localPort, byte[] remote, int remotePort);
}
