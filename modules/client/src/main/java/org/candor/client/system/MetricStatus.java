package org.candor.client.system;

/**
 * One metric of libcandor.so's catalogue on this machine: whether it can be read, how or why not, and, when it was
 * measured, what one read costs in ns (null when not measured or not readable).
 *
 * @param kind {@code clock} (wall, cpu), {@code software} (perf software events) or {@code hardware} (needs a PMU)
 */
public record MetricStatus(String name, String unit, String kind, boolean available, Double nanosPerRead, String readBy,
                           String reason, String description) {
}
