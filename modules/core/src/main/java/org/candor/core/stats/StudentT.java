package org.candor.core.stats;

/**
 * Student's t distribution with any positive (not only whole) degrees of freedom, as Welch's interval needs: its
 * distribution function from the regularized incomplete beta function, and its quantiles by bisection on that. Plain
 * double arithmetic, good to about 1e-9 relative: far finer than any profile's noise.
 */
public final class StudentT {

    private StudentT() {}

    /** P(T &le; t) for T with {@code df} degrees of freedom. */
    public static double cdf(double t, double df) {
        if (!(df > 0)) throw new IllegalArgumentException("degrees of freedom must be > 0, not " + df);
        if (Double.isInfinite(t)) return t > 0 ? 1 : 0;
        double tail = 0.5 * IncompleteBeta.regularized(df / (df + t * t), df / 2, 0.5); // P(T > |t|)
        return t >= 0 ? 1 - tail : tail;
    }

    /** The t with P(T &le; t) = {@code p}, for 0 &lt; p &lt; 1. */
    public static double quantile(double p, double df) {
        if (!(p > 0 && p < 1)) throw new IllegalArgumentException("a probability strictly between 0 and 1, not " + p);
        if (!(df > 0)) throw new IllegalArgumentException("degrees of freedom must be > 0, not " + df);
        if (p == 0.5) return 0;
        if (p < 0.5) return -quantile(1 - p, df);
        double low = 0;
        double high = 1;
        while (cdf(high, df) < p) {
            low = high;
            high *= 2;
            if (high > 1e300) return Double.POSITIVE_INFINITY;
        }
        // bisection: slow but sure, and a report asks for a few hundred quantiles at most
        for (int i = 0; i < 200 && high - low > 1e-12 * high; i++) {
            double mid = (low + high) / 2;
            if (cdf(mid, df) < p) low = mid;
            else high = mid;
        }
        return (low + high) / 2;
    }
}
