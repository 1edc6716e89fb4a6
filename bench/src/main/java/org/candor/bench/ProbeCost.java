package org.candor.bench;

import java.util.concurrent.TimeUnit;
import org.candor.bench.floor.FloorLeaf;
import org.candor.bench.instrumented.InstrumentedLeaf;
import org.candor.bench.plain.PlainLeaf;
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
 * The cost of one instrumented call (entry + exit probe). Each benchmark calls the same out-of-line leaf
 * ({@code x * 31 + 1}); they differ only in what wraps the leaf's body:
 * <ul>
 *   <li>{@code uninstrumented}: nothing (a class the agent does not instrument);</li>
 *   <li>{@code instrumented}: the agent's probes (the forked JVM runs with the agent);</li>
 *   <li>{@code floor}: the hand-written minimum, ThreadLocal buffer + two {@code Clock.now()}.</li>
 * </ul>
 * Run through {@link ProbeCostMain} (bench/probe-cost.sh), which adds the agent to the forked JVMs; every fork first
 * proves the agent instrumented the right class ({@link AgentCheck}).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(2)
@State(Scope.Thread)
public class ProbeCost {

    int x = 42;

    @Setup(Level.Trial)
    public void verifyAgent() {
        AgentCheck.verify();
    }

    @Benchmark
    public int uninstrumented() {
        return PlainLeaf.leaf(x);
    }

    @Benchmark
    public int instrumented() {
        return InstrumentedLeaf.leaf(x);
    }

    @Benchmark
    public int floor() {
        return FloorLeaf.leaf(x);
    }
}
