package org.candor.bench;

import java.util.concurrent.TimeUnit;
import org.candor.bench.instrumented.InstrumentedLeaf;
import org.candor.bench.plain.PlainLeaf;
import org.candor.bench.variants.FfmClock;
import org.candor.bench.variants.VariantLeaves;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * JDK 22+ only ({@code probe-cost.sh --ffm --jvm /path/to/jdk22+/bin/java}): the probe with an FFM critical rdtsc
 * ({@link FfmClock}) against the JNI rdtsc of libcandor.so, in the same forks.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(2)
@State(Scope.Thread)
public class ProbeVariantsFfm {

    int x = 42;

    @Setup(Level.Trial)
    public void verifyAgent() {
        AgentCheck.verify();
        AgentCheck.verifyVariants();
        if (FfmClock.UNAVAILABLE != null) {
            throw new IllegalStateException("the FFM clock needs JDK 22+ on x86-64: " + FfmClock.UNAVAILABLE);
        }
        long a = FfmClock.now();
        long b = FfmClock.now();
        if (b - a <= 0 || b - a > 1_000_000) throw new IllegalStateException("FFM rdtsc is not a clock: " + a + ", " + b);
    }

    @Benchmark public int uninstrumented() { return PlainLeaf.leaf(x); }
    @Benchmark public int instrumented() { return InstrumentedLeaf.leaf(x); }
    @Benchmark public int copy() { return VariantLeaves.copy(x); }
    @Benchmark public int floor() { return org.candor.bench.floor.FloorLeaf.leaf(x); }
    @Benchmark public int clockOnly() { return VariantLeaves.clockOnly(x); }
    @Benchmark public int ffmClockOnly() { return VariantLeaves.ffmClockOnly(x); }
    @Benchmark public int copyFfmClock() { return VariantLeaves.copyFfmClock(x); }
    @Benchmark public int floorFfm() { return VariantLeaves.floorFfm(x); }
}
