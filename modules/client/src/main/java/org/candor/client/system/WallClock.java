package org.candor.client.system;

/** The clock libcandor.so reads wall time with (clock=auto): the TSC through rdtsc, or CLOCK_MONOTONIC; and why. */
public record WallClock(boolean tsc, String reason) {
}
