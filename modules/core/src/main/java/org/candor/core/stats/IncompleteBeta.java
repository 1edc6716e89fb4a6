package org.candor.core.stats;

/**
 * The regularized incomplete beta function I_x(a, b), by its continued fraction (evaluated with the modified Lentz
 * method), using the symmetry I_x(a, b) = 1 - I_{1-x}(b, a) where the fraction converges slowly.
 */
final class IncompleteBeta {

    private static final double EPSILON = 1e-15;
    private static final double TINY = 1e-300;

    private IncompleteBeta() {}

    static double regularized(double x, double a, double b) {
        if (x <= 0) return 0;
        if (x >= 1) return 1;
        double logFront = logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log1p(-x);
        if (x < (a + 1) / (a + b + 2)) return Math.exp(logFront) * fraction(x, a, b) / a;
        return 1 - Math.exp(logFront) * fraction(1 - x, b, a) / b;
    }

    /** The continued fraction 1/(1+ d1/(1+ d2/(1+ ...))) of I_x(a, b). */
    private static double fraction(double x, double a, double b) {
        double c = 1;
        double d = 1 - (a + b) * x / (a + 1);
        d = 1 / (Math.abs(d) < TINY ? TINY : d);
        double result = d;
        for (int m = 1; m <= 10_000; m++) {
            // the even step, then the odd one
            double even = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m));
            d = 1 + even * d;
            c = 1 + even / c;
            d = 1 / (Math.abs(d) < TINY ? TINY : d);
            c = Math.abs(c) < TINY ? TINY : c;
            result *= d * c;
            double odd = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1));
            d = 1 + odd * d;
            c = 1 + odd / c;
            d = 1 / (Math.abs(d) < TINY ? TINY : d);
            c = Math.abs(c) < TINY ? TINY : c;
            double step = d * c;
            result *= step;
            if (Math.abs(step - 1) < EPSILON) break;
        }
        return result;
    }

    /** ln Γ(x) for x &gt; 0: Lanczos' approximation (g = 7, nine terms), reflected below 0.5. */
    static double logGamma(double x) {
        if (x < 0.5) return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1 - x);
        double[] c = {0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
                -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
                1.5056327351493116e-7};
        x -= 1;
        double sum = c[0];
        for (int i = 1; i < c.length; i++) sum += c[i] / (x + i);
        double t = x + 7.5;
        return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(sum);
    }
}
