package org.candor.client.system;

import java.nio.charset.StandardCharsets;

/** The kernel's name, release and the machine's architecture, as uname(2) gives them ("Linux", "6.18.0", "x86_64"). */
public record Uname(String sysname, String release, String machine) {

    /** From struct utsname: sysname, nodename, release, version, machine, each a NUL-terminated field of 65 bytes. */
    static Uname parse(byte[] utsname) {
        return new Uname(field(utsname, 0), field(utsname, 2), field(utsname, 4));
    }

    private static String field(byte[] utsname, int index) {
        int start = index * Libc.UTSNAME_FIELD;
        int end = start;
        while (end < start + Libc.UTSNAME_FIELD && end < utsname.length && utsname[end] != 0) end++;
        return new String(utsname, start, end - start, StandardCharsets.UTF_8);
    }

    public boolean linux() { return sysname.equals("Linux"); }

    public boolean x86() { return machine.equals("x86_64") || machine.matches("i[3-6]86"); }
}
