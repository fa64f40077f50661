package org.sonde.report;

import java.util.Arrays;

/**
 * The empirical cumulative distribution of samples: for each distinct value, the fraction of
 * samples less than or equal to it.
 *
 * @param values    distinct sample values, ascending
 * @param fractions {@code fractions[i]} = share of samples {@code <= values[i]}; the last is 1
 * @param count     number of finite samples the CDF is made of
 * @param skipped   number of NaN or infinite samples left out
 */
record Cdf(double[] values, double[] fractions, int count, int skipped) {
    /** Computes the CDF of the finite samples; NaN and infinite ones are counted in {@link #skipped()}. */
    public static Cdf of(double[] samples) {
        double[] finite = Arrays.stream(samples).filter(Double::isFinite).toArray();
        Arrays.sort(finite);
        int n = finite.length;
        double[] values = new double[n];
        double[] fractions = new double[n];
        int distinct = 0;
        for (int i = 0; i < n; i++) {
            // the last of a run of equal samples carries the run's cumulative count
            if (i + 1 < n && finite[i + 1] == finite[i]) continue;
            values[distinct] = finite[i] == 0 ? 0.0 : finite[i]; // -0.0 and 0.0 are one value
            fractions[distinct] = (double) (i + 1) / n;
            distinct++;
        }
        return new Cdf(Arrays.copyOf(values, distinct), Arrays.copyOf(fractions, distinct), n, samples.length - n);
    }
}
