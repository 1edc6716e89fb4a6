package org.candor.client.system;

import java.util.OptionalInt;

/** The lines of /proc/PID/status that Candor needs: the process's name, state, effective uid and capabilities. */
public record ProcStatus(String name, char state, String stateWord, OptionalInt effectiveUid, Capabilities capabilities) {

    /** From the file's text ({@code Name:\tjava}, {@code State:\tS (sleeping)}, {@code Uid:\t0\t0\t0\t0}, {@code CapEff:\t...}). */
    public static ProcStatus parse(String text) {
        String name = "";
        char state = '?';
        String stateWord = "unknown";
        OptionalInt euid = OptionalInt.empty();
        Capabilities caps = new Capabilities(0);
        for (String line : text.split("\n")) {
            int colon = line.indexOf(':');
            if (colon < 0) continue;
            String key = line.substring(0, colon);
            String value = line.substring(colon + 1).trim();
            switch (key) {
                case "Name" -> name = value;
                case "State" -> {
                    if (!value.isEmpty()) state = value.charAt(0);
                    int open = value.indexOf('(');
                    int close = value.indexOf(')', open + 1);
                    if (open >= 0 && close > open) stateWord = value.substring(open + 1, close);
                }
                case "Uid" -> {
                    String[] uids = value.split("\\s+"); // real, effective, saved, filesystem
                    if (uids.length >= 2 && uids[1].matches("\\d+")) euid = OptionalInt.of(Integer.parseUnsignedInt(uids[1]));
                }
                case "CapEff" -> {
                    if (value.matches("[0-9a-fA-F]{1,16}")) caps = Capabilities.fromHex(value);
                }
                default -> { }
            }
        }
        return new ProcStatus(name, state, stateWord, euid, caps);
    }

    /** Z (zombie) or X (dead): the program has ended, only its entry is left. */
    public boolean ended() { return state == 'Z' || state == 'X'; }

    /** T (stopped by a signal) or t (stopped by a debugger): it runs no code until continued. */
    public boolean stopped() { return state == 'T' || state == 't'; }
}
