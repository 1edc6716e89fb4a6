package org.candor.client.system;

import com.sun.jna.Native;
import com.sun.jna.Platform;
import org.candor.client.ClientException;

/**
 * What Candor asks the C library of its own process, through JNA: its effective user and capabilities, the kernel's
 * name and release, and the kernel tick. Bound on first use (JNA direct mapping: one JNI call per function, no
 * reflection); a JNA that cannot load its native part is one {@link ClientException}.
 */
final class Libc {

    /** The capget(2) header's version: 64-bit capability sets in two 32-bit halves. */
    private static final int LINUX_CAPABILITY_VERSION_3 = 0x20080522;
    /** struct utsname on Linux: six fields of 65 bytes. */
    static final int UTSNAME_FIELD = 65;
    private static final int CLOCK_MONOTONIC_COARSE = 6;

    private Libc() {}

    /** The natives, registered with libc when this class initialises. */
    private static final class Calls {
        static {
            Native.register(Calls.class, Platform.C_LIBRARY_NAME);
        }

        static native int geteuid();

        static native int capget(int[] header, int[] data);

        static native int uname(byte[] utsname);

        static native int clock_getres(int clock, long[] timespec);
    }

    static int effectiveUid() throws ClientException {
        try {
            return Calls.geteuid();
        } catch (LinkageError e) {
            throw unavailable(e);
        }
    }

    /** This process's effective capability set (capget(2), pid 0: the calling thread, which Java keeps in step). */
    static Capabilities effectiveCapabilities() throws ClientException {
        int[] header = {LINUX_CAPABILITY_VERSION_3, 0};
        int[] data = new int[6]; // two of {effective, permitted, inheritable}
        try {
            if (Calls.capget(header, data) != 0) throw new ClientException("capget(2) failed: cannot read this process's capabilities");
        } catch (LinkageError e) {
            throw unavailable(e);
        }
        return new Capabilities(Integer.toUnsignedLong(data[0]) | Integer.toUnsignedLong(data[3]) << 32);
    }

    static Uname uname() throws ClientException {
        byte[] utsname = new byte[6 * UTSNAME_FIELD];
        try {
            if (Calls.uname(utsname) != 0) throw new ClientException("uname(2) failed");
        } catch (LinkageError e) {
            throw unavailable(e);
        }
        return Uname.parse(utsname);
    }

    /** The kernel tick in ns: the resolution of CLOCK_MONOTONIC_COARSE, advanced once a tick; 0 when unknown. */
    static long tickNanos() throws ClientException {
        long[] timespec = new long[2];
        try {
            if (Calls.clock_getres(CLOCK_MONOTONIC_COARSE, timespec) != 0) return 0;
        } catch (LinkageError e) {
            throw unavailable(e);
        }
        return timespec[0] * 1_000_000_000L + timespec[1];
    }

    private static ClientException unavailable(LinkageError e) {
        return new ClientException("cannot ask the operating system through JNA: " + e.getMessage(), e);
    }
}
