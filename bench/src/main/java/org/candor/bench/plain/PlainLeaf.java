package org.candor.bench.plain;

import org.openjdk.jmh.annotations.CompilerControl;

/** The leaf in a package the agent does not instrument: the baseline. Byte for byte the same as InstrumentedLeaf. */
public final class PlainLeaf {

    private PlainLeaf() {}

    @CompilerControl(CompilerControl.Mode.DONT_INLINE)
    public static int leaf(int x) {
        return x * 31 + 1;
    }
}
