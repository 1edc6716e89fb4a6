package org.candor.core.stats;

/**
 * Welch's confidence interval for the difference of two means, mean(B) - mean(A), from independent samples whose
 * variances may differ: the difference ± t(1 - α/2, ν) · se, with se² = s²A/nA + s²B/nB and ν from the
 * Welch–Satterthwaite equation. Each side needs two values at least (a variance); when both sides have none (every
 * run of each side gave the same figure) the interval is the difference itself.
 */
public final class WelchInterval {

    private final int countA;
    private final int countB;
    private final double meanA;
    private final double meanB;
    private final double standardError;
    private final double degreesOfFreedom;
    private final double low;
    private final double high;

    private WelchInterval(double[] a, double[] b, double confidence) {
        this.countA = a.length;
        this.countB = b.length;
        this.meanA = mean(a);
        this.meanB = mean(b);
        double va = variance(a, meanA) / a.length;
        double vb = variance(b, meanB) / b.length;
        this.standardError = Math.sqrt(va + vb);
        double difference = meanB - meanA;
        if (standardError == 0) {
            this.degreesOfFreedom = Double.POSITIVE_INFINITY;
            this.low = difference;
            this.high = difference;
        } else {
            this.degreesOfFreedom = (va + vb) * (va + vb) / (va * va / (a.length - 1) + vb * vb / (b.length - 1));
            double t = StudentT.quantile(1 - (1 - confidence) / 2, degreesOfFreedom);
            this.low = difference - t * standardError;
            this.high = difference + t * standardError;
        }
    }

    /**
     * @param confidence the interval's level, e.g. 0.95
     * @throws IllegalArgumentException a side with fewer than two values, or a level not between 0 and 1
     */
    public static WelchInterval of(double[] a, double[] b, double confidence) {
        if (a.length < 2 || b.length < 2) {
            throw new IllegalArgumentException("a confidence interval needs two runs a side at least (A has "
                    + a.length + ", B has " + b.length + ")");
        }
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("a confidence level between 0 and 1, not " + confidence);
        }
        return new WelchInterval(a, b, confidence);
    }

    public int countA() { return countA; }
    public int countB() { return countB; }
    public double meanA() { return meanA; }
    public double meanB() { return meanB; }
    /** mean(B) - mean(A). */
    public double difference() { return meanB - meanA; }
    public double standardError() { return standardError; }
    /** Welch–Satterthwaite's ν; infinite when neither side varies. */
    public double degreesOfFreedom() { return degreesOfFreedom; }
    public double low() { return low; }
    public double high() { return high; }

    /** The arithmetic mean. */
    public static double mean(double[] x) {
        double sum = 0;
        for (double v : x) sum += v;
        return sum / x.length;
    }

    /** The sample variance (n - 1 in the denominator). */
    static double variance(double[] x, double mean) {
        double sum = 0;
        for (double v : x) sum += (v - mean) * (v - mean);
        return sum / (x.length - 1);
    }
}
