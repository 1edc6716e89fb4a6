package org.candor.agent.calibration;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.candor.agent.snapshot.SessionInfo;
import org.candor.probe.CalibrationSettings;
import org.candor.probe.Clock;

/**
 * What calibration minima depend on: the JVM (version and the flags that change generated code), the agent, the
 * metric and the CPU. A calibration statistics file written under another fingerprint is rejected.
 */
public final class CalibrationFingerprint {

    private CalibrationFingerprint() {}

    /** Ordered key/value pairs, as they appear in the file. */
    public static Map<String, String> current() {
        Map<String, String> f = new LinkedHashMap<>();
        f.put("jvm", System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version"));
        f.put("jvm.flags", String.join(" ", codeFlags(ManagementFactory.getRuntimeMXBean().getInputArguments())));
        f.put("agent", SessionInfo.candorVersion());
        f.put("metric", Clock.metric() + ":" + Clock.sourceName());
        f.put("cpu", cpuModel());
        // the minima of sections after a measured event depend on how often the probes measure (ProbeTime)
        f.put("measureevery", Integer.toString(CalibrationSettings.measureEvery()));
        return f;
    }

    /**
     * The JVM options that change the code the probes run in: -XX options and -X modes, without heap and stack
     * sizes, logging, class paths and agents (which differ from run to run without changing the code).
     */
    static List<String> codeFlags(List<String> inputArguments) {
        List<String> flags = new ArrayList<>();
        for (String a : inputArguments) {
            if (a.startsWith("-XX:")) {
                if (a.startsWith("-XX:CompileCommand") || a.startsWith("-XX:Flight") || a.startsWith("-XX:StartFlightRecording") || a.contains("HeapDump")
                        || a.startsWith("-XX:ErrorFile") || a.startsWith("-XX:+EnableDynamicAgentLoading")
                        || a.startsWith("-XX:MaxRAM") || a.startsWith("-XX:InitialRAM")) continue;
                flags.add(a);
            } else if (a.equals("-Xint") || a.equals("-Xcomp") || a.equals("-Xmixed") || a.startsWith("-Xbatch")) {
                flags.add(a);
            }
        }
        return flags;
    }

    /**
     * The statistics file for this fingerprint in the user's cache: {@code $XDG_CACHE_HOME/candor/calibration/}
     * (or {@code ~/.cache/...}) plus a hash of the fingerprint, so each JVM, flag set, metric and CPU has its own.
     */
    public static Path cacheFile(Map<String, String> fingerprint) {
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isEmpty() ? Paths.get(xdg) : Paths.get(System.getProperty("user.home"), ".cache");
        StringBuilder text = new StringBuilder();
        for (Map.Entry<String, String> e : fingerprint.entrySet()) text.append(e.getKey()).append('=').append(e.getValue()).append('\n');
        String hash;
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(text.toString().getBytes(StandardCharsets.UTF_8));
            StringBuilder h = new StringBuilder();
            for (int i = 0; i < 8; i++) h.append(String.format("%02x", d[i]));
            hash = h.toString();
        } catch (NoSuchAlgorithmException e) {
            hash = Integer.toHexString(text.toString().hashCode());
        }
        return base.resolve("candor").resolve("calibration").resolve(hash + ".calstats");
    }

    static String cpuModel() {
        try {
            for (String line : Files.readAllLines(Paths.get("/proc/cpuinfo"))) {
                if (line.startsWith("model name")) {
                    int colon = line.indexOf(':');
                    return colon < 0 ? line.trim() : line.substring(colon + 1).trim();
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux, or not readable: the architecture is what we know
        }
        return System.getProperty("os.arch");
    }

    /** The first key whose values differ, as "key: 'file value' here 'current value'", or null when they match. */
    public static String difference(Map<String, String> file, Map<String, String> current) {
        for (Map.Entry<String, String> e : current.entrySet()) {
            String theirs = file.get(e.getKey());
            if (!e.getValue().equals(theirs)) {
                return e.getKey() + " was '" + (theirs == null ? "(missing)" : theirs) + "', is '" + e.getValue() + "'";
            }
        }
        return null;
    }

}
