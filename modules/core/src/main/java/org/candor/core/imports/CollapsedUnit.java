package org.candor.core.imports;

/**
 * What the counts of collapsed stacks are, which the format does not say: samples (other tools' files; times are
 * the counts x the interval, 10 ms assumed where none is given), or times in a unit (Candor's own export writes its
 * values as they are: times in nanoseconds by default), where a count of one unit is one "sample", as a pprof value
 * in nanoseconds is imported ({@link PprofProfile}).
 */
public final class CollapsedUnit {

    /** The time units a count may be in, by the names people type. */
    public enum Time {
        NS("ns", 1L), US("us", 1_000L), MS("ms", 1_000_000L), S("s", 1_000_000_000L);

        private final String id;
        private final long nanos;

        Time(String id, long nanos) {
            this.id = id;
            this.nanos = nanos;
        }

        public String id() { return id; }
        public long nanos() { return nanos; }

        /** The unit of this name; null for none. */
        public static Time of(String id) {
            for (Time t : values()) if (t.id.equals(id)) return t;
            return null;
        }

        /** The names, joined: {@code ns|us|ms|s}. */
        public static String ids(String separator) {
            StringBuilder s = new StringBuilder();
            for (Time t : values()) s.append(s.length() > 0 ? separator : "").append(t.id);
            return s.toString();
        }
    }

    /** Samples at an interval nobody gave: other tools' files, as collapsed stacks have always been read. */
    public static final CollapsedUnit SAMPLES = new CollapsedUnit(null, 0);

    private final Time time;
    private final long interval;

    private CollapsedUnit(Time time, long interval) {
        this.time = time;
        this.interval = interval;
    }

    /** Samples taken every {@code intervalNanos}. */
    public static CollapsedUnit samples(long intervalNanos) {
        if (intervalNanos <= 0) throw new IllegalArgumentException("a sampling interval of " + intervalNanos + " ns");
        return new CollapsedUnit(null, intervalNanos);
    }

    /** Times in this unit. */
    public static CollapsedUnit of(Time time) {
        return new CollapsedUnit(time, time.nanos());
    }

    /** The counts are sample counts. */
    public boolean isSamples() { return time == null; }

    /** The interval was given (or the counts are times); false for {@link #SAMPLES}. */
    public boolean isGiven() { return interval > 0; }

    /** Nanoseconds a count stands for: the interval, or the time unit; 0 for {@link #SAMPLES} (not given). */
    public long nanosPerCount() { return interval; }

    /** As the info's {@code import.unit} says it: {@code samples}, {@code samples every 20000000 ns}, {@code ns}. */
    public String describe() {
        if (time != null) return time.id() + " (the counts are times; one " + time.id() + " a sample)";
        return interval > 0 ? "samples every " + interval + " ns" : "samples";
    }
}
