package org.candor.agent.control;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;

/**
 * The JVM's own figures for the app's telemetry charts, read when {@code status} is asked (about once a second):
 * heap used and committed, time spent in GC, live threads, the process's CPU time, the machine's CPU load, available
 * processors. A JVM
 * without the java.management module (a jlinked runtime) gives none of them, and the status says nothing of them.
 */
final class JvmTelemetry {

    private JvmTelemetry() {}

    static void addTo(Reply r) {
        try {
            MemoryUsage heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
            long gcMillis = 0;
            long gcCount = 0;
            for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
                gcMillis += Math.max(0, gc.getCollectionTime());
                gcCount += Math.max(0, gc.getCollectionCount());
            }
            r.put("jvm.heap.used", heap.getUsed())
                    .put("jvm.heap.committed", heap.getCommitted())
                    .put("jvm.gc.ms", gcMillis)
                    .put("jvm.gc.count", gcCount)
                    .put("jvm.threads.live", ManagementFactory.getThreadMXBean().getThreadCount())
                    .put("jvm.processors", Runtime.getRuntime().availableProcessors());
            java.lang.management.OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
            if (os instanceof com.sun.management.OperatingSystemMXBean) {
                com.sun.management.OperatingSystemMXBean sun = (com.sun.management.OperatingSystemMXBean) os;
                r.put("jvm.process.cpu_ns", sun.getProcessCpuTime());
                // the whole machine's load beside the program's: is the program alone on its processors?
                @SuppressWarnings("deprecation")  // getCpuLoad() from JDK 14 on; the agent runs on 11 too
                double machine = sun.getSystemCpuLoad();
                if (machine >= 0) r.put("jvm.machine.cpu_permille", Math.round(machine * 1000));
            }
        } catch (LinkageError | RuntimeException noManagement) {
            // no java.management (or no jdk.management) in this runtime: no telemetry, the rest of the status stands
        }
    }
}
