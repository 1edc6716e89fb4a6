package org.candor.bench;

import java.util.concurrent.TimeUnit;
import org.candor.bench.floor.FloorLeaf;
import org.candor.bench.instrumented.InstrumentedLeaf;
import org.candor.bench.plain.PlainLeaf;
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
 * Where an instrumented call's time goes: the probe taken apart (bench-only copies, see
 * {@link org.candor.bench.variants.VariantLeaves}). Run by {@code probe-cost.sh --investigate}, in forks with the
 * agent and libcandor.so like {@link ProbeCost}; the summary subtracts {@code uninstrumented} from each.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(2)
@State(Scope.Thread)
public class ProbeVariants {

    int x = 42;

    @Setup(Level.Trial)
    public void verifyAgent() {
        AgentCheck.verify();
        AgentCheck.verifyVariants();
    }

    @Benchmark public int uninstrumented() { return PlainLeaf.leaf(x); }
    @Benchmark public int instrumented() { return InstrumentedLeaf.leaf(x); }
    @Benchmark public int floor() { return FloorLeaf.leaf(x); }
    @Benchmark public int copy() { return VariantLeaves.copy(x); }
    @Benchmark public int copyNoClock() { return VariantLeaves.copyNoClock(x); }
    @Benchmark public int copyStaticState() { return VariantLeaves.copyStaticState(x); }
    @Benchmark public int copyTidArray() { return VariantLeaves.copyTidArray(x); }
    @Benchmark public int copyTidLastChild() { return VariantLeaves.copyTidLastChild(x); }
    @Benchmark public int copyLastChild() { return VariantLeaves.copyLastChild(x); }
    @Benchmark public int clockOnly() { return VariantLeaves.clockOnly(x); }
    @Benchmark public int nanoTimeOnly() { return VariantLeaves.nanoTimeOnly(x); }
    @Benchmark public int threadLocalOnly() { return VariantLeaves.threadLocalOnly(x); }
    @Benchmark public int floorNoClock() { return VariantLeaves.floorNoClock(x); }
}
