package org.candor.bench.instrumented;

import org.openjdk.jmh.annotations.CompilerControl;

/**
 * The leaf in the one package the benchmark JVM's agent instruments ({@code include=org.candor.bench.instrumented.**}):
 * the agent adds its entry and exit probes to {@link #leaf}. Byte for byte the same source as PlainLeaf.
 */
public final class InstrumentedLeaf {

    private InstrumentedLeaf() {}

    @CompilerControl(CompilerControl.Mode.DONT_INLINE)
    public static int leaf(int x) {
        return x * 31 + 1;
    }
}
