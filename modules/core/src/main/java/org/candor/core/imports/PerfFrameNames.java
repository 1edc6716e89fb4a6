package org.candor.core.imports;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How Linux perf names Java frames, made the {@code a.b.C.m} form the other collapsed files use, for {@code perf
 * script | stackcollapse-perf.pl} output: perf takes a JIT's names from {@code /tmp/perf-PID.map}, which HotSpot writes
 * itself (JDK 17+, {@code -XX:+DumpPerfMapAtExit} or {@code jcmd PID Compiler.perfmap}) as the method's external
 * name, return type first ({@code int java.lang.String.hashCode()}), and perf-map-agent as a class signature and the
 * method ({@code Ljava/lang/String;::hashCode}); stackcollapse drops the arguments, makes a {@code ;} in a name a
 * {@code :} and, with {@code --tidy-java}, drops the {@code L}. Names of neither form are left as they are (C++ frames such as {@code JavaCalls::call_helper} have no
 * dot and stay the VM's). Its {@code --pid}/{@code --tid} first frame, {@code comm-PID/TID}, names the line's thread.
 */
final class PerfFrameNames {

    /**
     * perf-map-agent: {@code Lcom/acme/Main;::work}, which stackcollapse writes {@code Lcom/acme/Main:::work} (a
     * {@code ;} would split the frame), the L dropped by --tidy-java or not.
     */
    private static final Pattern AGENT = Pattern.compile("L?([\\w/$]+)[;:]::([\\w$<>]+)(?:\\(.*\\))?");
    /** HotSpot's perf map: {@code void com.acme.Main.work(int)}: a return type, a space, the method's qualified name. */
    private static final Pattern HOTSPOT = Pattern.compile("[\\w.$]+(?:\\[\\])* ([\\w.$]+\\.[\\w$<>]+)(?:\\(.*\\))?");
    /** stackcollapse-perf's {@code --pid} / {@code --tid} first frame: the command's name, its pid, its thread's id. */
    private static final Pattern THREAD = Pattern.compile("(.+)-(\\d{1,10})/(\\d{1,10})");

    private PerfFrameNames() {}

    /** The frame as {@code a/b/C.m} or {@code a.b.C.m} when perf named a Java method; else the frame as it was. */
    static String javaName(String frame) {
        Matcher agent = AGENT.matcher(frame);
        if (agent.matches()) return agent.group(1) + "." + agent.group(2);
        Matcher hotspot = HOTSPOT.matcher(frame);
        if (hotspot.matches()) return hotspot.group(1);
        return frame;
    }

    /** A first frame {@code comm-PID/TID}: {name, tid}; null when the frame is not one. */
    static Object[] thread(String frame) {
        Matcher m = THREAD.matcher(frame);
        return m.matches() ? new Object[] {m.group(1), Long.parseLong(m.group(3))} : null;
    }
}
