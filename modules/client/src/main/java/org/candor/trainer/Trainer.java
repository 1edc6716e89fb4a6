package org.candor.trainer;

import org.candor.probe.Calibration;
import org.candor.trainer.plain.LanguageOverhead;

/**
 * JPROF's trainer: calls minimum-length routines of every calibration category many times, so that the minima it
 * leaves in the calibration statistics file are the probes' own residual overhead and not program work.
 * {@code candor calibrate} runs it instrumented, with {@link Interpreted} kept out of the JIT
 * ({@code -XX:CompileCommand=exclude,...}) so that both kinds, and every pairing of them, occur.
 *
 * <p>Every routine is empty or only calls others: an entry followed at once by a call (En-En), an empty body
 * (En-Ex), a return followed at once by a call (Ex-En) or by a return (Ex-Ex), for each kind of caller, owner and
 * callee.
 */
public final class Trainer {

    private Trainer() {}

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 300_000;
        for (int r = 0; r < rounds; r++) {
            Compiled.drive();
            if ((r & 7) == 0) Interpreted.drive();
        }
        long[][] cost = LanguageOverhead.measure();
        Calibration.setCallCosts(cost);
        System.out.println("trainer: " + rounds + " rounds; uninstrumented call costs (ticks) int>int " + cost[0][0]
                + ", int>jit " + cost[0][1] + ", jit>int " + cost[1][0]);
    }

    /** Compiled as soon as it is hot. */
    static final class Compiled {
        private Compiled() {}

        static void leaf() {}
        static void callsCompiled() { leaf(); }
        static void callsInterpreted() { Interpreted.leaf(); }
        static void compiledThenCompiled() { leaf(); leaf(); }
        static void compiledThenInterpreted() { leaf(); Interpreted.leaf(); }
        static void interpretedThenCompiled() { Interpreted.leaf(); leaf(); }
        static void interpretedThenInterpreted() { Interpreted.leaf(); Interpreted.leaf(); }

        static void drive() {
            leaf();
            callsCompiled();
            callsInterpreted();
            compiledThenCompiled();
            compiledThenInterpreted();
            interpretedThenCompiled();
            interpretedThenInterpreted();
            Interpreted.leaf();
            Interpreted.callsCompiled();
            Interpreted.callsInterpreted();
            Interpreted.compiledThenCompiled();
            Interpreted.compiledThenInterpreted();
            Interpreted.interpretedThenCompiled();
            Interpreted.interpretedThenInterpreted();
        }
    }

    /** Never compiled nor inlined under {@code candor calibrate}. */
    static final class Interpreted {
        private Interpreted() {}

        static void leaf() {}
        static void callsCompiled() { Compiled.leaf(); }
        static void callsInterpreted() { leaf(); }
        static void compiledThenCompiled() { Compiled.leaf(); Compiled.leaf(); }
        static void compiledThenInterpreted() { Compiled.leaf(); leaf(); }
        static void interpretedThenCompiled() { leaf(); Compiled.leaf(); }
        static void interpretedThenInterpreted() { leaf(); leaf(); }

        static void drive() {
            Compiled.leaf();
            Compiled.callsCompiled();
            Compiled.callsInterpreted();
            Compiled.compiledThenCompiled();
            Compiled.compiledThenInterpreted();
            Compiled.interpretedThenCompiled();
            Compiled.interpretedThenInterpreted();
            leaf();
            callsCompiled();
            callsInterpreted();
            compiledThenCompiled();
            compiledThenInterpreted();
            interpretedThenCompiled();
            interpretedThenInterpreted();
        }
    }
}
