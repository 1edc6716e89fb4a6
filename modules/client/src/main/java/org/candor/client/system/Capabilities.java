package org.candor.client.system;

/** A process's effective capability set, the bits of capabilities(7). */
public record Capabilities(long bits) {

    public static final int CAP_SYS_ADMIN = 21;
    /** Linux 5.8+; before it, perf's privileges came with CAP_SYS_ADMIN only. */
    public static final int CAP_PERFMON = 38;

    public boolean has(int capability) {
        return (bits >>> capability & 1) != 0;
    }

    /** Either capability that lifts kernel.perf_event_paranoid's limits. */
    public boolean perfPrivileged() {
        return has(CAP_PERFMON) || has(CAP_SYS_ADMIN);
    }

    /** From the hexadecimal of /proc/PID/status's CapEff line, e.g. {@code 000001ffffffffff}. */
    public static Capabilities fromHex(String hex) {
        return new Capabilities(Long.parseUnsignedLong(hex.trim(), 16));
    }
}
