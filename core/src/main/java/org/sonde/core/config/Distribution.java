package org.sonde.core.config;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * A distribution of non-negative nanosecond values (host processing delays, NIC latencies), written
 * in scenarios as {@code 5us}, {@code uniform(1us, 3us)}, {@code exponential(2us)},
 * {@code normal(5us, 1us)} (truncated at 0), {@code lognormal(5us, 0.5)} (median and σ of the log) or
 * {@code empirical(1us 0.5, 4us 0.99, 10us 1)} (value–cumulative-probability points, linear between).
 */
public sealed interface Distribution {
    long sample(SplittableRandom random);

    /** The mean, for reports and sanity checks. */
    double mean();

    Distribution ZERO = new Constant(0);

    record Constant(long nanos) implements Distribution {
        public long sample(SplittableRandom r) {
            return nanos;
        }

        public double mean() {
            return nanos;
        }
    }

    record Uniform(long min, long max) implements Distribution {
        public long sample(SplittableRandom r) {
            return min == max ? min : min + r.nextLong(max - min + 1);
        }

        public double mean() {
            return (min + max) / 2.0;
        }
    }

    record Exponential(double meanNanos) implements Distribution {
        public long sample(SplittableRandom r) {
            return Math.round(-meanNanos * Math.log(1 - r.nextDouble()));
        }

        public double mean() {
            return meanNanos;
        }
    }

    record Normal(double meanNanos, double sdNanos) implements Distribution {
        public long sample(SplittableRandom r) {
            return Math.max(0, Math.round(meanNanos + sdNanos * gaussian(r)));
        }

        public double mean() {
            return meanNanos;
        }
    }

    record LogNormal(double medianNanos, double sigma) implements Distribution {
        public long sample(SplittableRandom r) {
            return Math.round(medianNanos * Math.exp(sigma * gaussian(r)));
        }

        public double mean() {
            return medianNanos * Math.exp(sigma * sigma / 2);
        }
    }

    /** Piecewise-linear inverse CDF through the given points; cumulative probabilities rise to 1. */
    record Empirical(long[] values, double[] cdf) implements Distribution {
        public Empirical {
            if (values.length == 0 || values.length != cdf.length) throw new IllegalArgumentException("empirical distribution needs matching, non-empty points");
            for (int i = 0; i < values.length; i++) {
                if (values[i] < 0) throw new IllegalArgumentException("empirical value " + values[i] + " is negative");
                if (i > 0 && (values[i] < values[i - 1] || cdf[i] < cdf[i - 1])) {
                    throw new IllegalArgumentException("empirical points must rise in value and probability (point " + (i + 1) + ")");
                }
            }
            if (cdf[cdf.length - 1] != 1.0) throw new IllegalArgumentException("the last cumulative probability must be 1, got " + cdf[cdf.length - 1]);
            values = values.clone();
            cdf = cdf.clone();
        }

        public long sample(SplittableRandom r) {
            return quantile(r.nextDouble());
        }

        public long quantile(double u) {
            int i = Arrays.binarySearch(cdf, u);
            if (i >= 0) return values[i];
            i = -i - 1;
            if (i == 0) return values[0];
            double f = (u - cdf[i - 1]) / (cdf[i] - cdf[i - 1]);
            return Math.round(values[i - 1] + f * (values[i] - values[i - 1]));
        }

        public double mean() {
            double m = values[0] * cdf[0];
            for (int i = 1; i < values.length; i++) m += (values[i] + values[i - 1]) / 2.0 * (cdf[i] - cdf[i - 1]);
            return m;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Empirical e && Arrays.equals(values, e.values) && Arrays.equals(cdf, e.cdf);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(values) * 31 + Arrays.hashCode(cdf);
        }

        @Override
        public String toString() {
            return "Empirical" + Arrays.toString(values) + Arrays.toString(cdf);
        }
    }

    private static double gaussian(SplittableRandom r) {
        // Box–Muller: SplittableRandom has no nextGaussian of its own on every JDK we target.
        double u = 1 - r.nextDouble();
        double v = r.nextDouble();
        return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    }

    /** Parses the notation above; the message of the exception says what is wrong. */
    static Distribution parse(String text) {
        String s = text.strip();
        int open = s.indexOf('(');
        if (open < 0) return new Constant(Units.nanos(s));
        if (!s.endsWith(")")) throw new IllegalArgumentException("distribution '" + text + "' lacks its closing parenthesis"
                + " (in a YAML {...} mapping, quote values that contain commas)");
        String kind = s.substring(0, open).strip().toLowerCase(java.util.Locale.ROOT);
        String body = s.substring(open + 1, s.length() - 1).strip();
        String[] args = body.isEmpty() ? new String[0] : body.split("\\s*,\\s*");
        return switch (kind) {
            case "constant" -> { arity(text, args, 1); yield new Constant(Units.nanos(args[0])); }
            case "uniform" -> {
                arity(text, args, 2);
                long a = Units.nanos(args[0]), b = Units.nanos(args[1]);
                if (b < a) throw new IllegalArgumentException("uniform(" + args[0] + ", " + args[1] + "): the maximum is below the minimum");
                yield new Uniform(a, b);
            }
            case "exponential" -> { arity(text, args, 1); yield new Exponential(Units.nanos(args[0])); }
            case "normal" -> { arity(text, args, 2); yield new Normal(Units.nanos(args[0]), Units.nanos(args[1])); }
            case "lognormal" -> { arity(text, args, 2); yield new LogNormal(Units.nanos(args[0]), number(text, args[1])); }
            case "empirical" -> {
                long[] v = new long[args.length];
                double[] c = new double[args.length];
                for (int i = 0; i < args.length; i++) {
                    String[] point = args[i].split("\\s+");
                    if (point.length != 2) throw new IllegalArgumentException("empirical point '" + args[i] + "' is not 'value probability'");
                    v[i] = Units.nanos(point[0]);
                    c[i] = number(text, point[1]);
                }
                yield new Empirical(v, c);
            }
            default -> throw new IllegalArgumentException("unknown distribution '" + kind
                    + "'; use a duration, uniform(a, b), exponential(mean), normal(mean, sd), lognormal(median, sigma) or empirical(v p, ...)");
        };
    }

    private static void arity(String text, String[] args, int n) {
        if (args.length != n) throw new IllegalArgumentException("distribution '" + text + "' takes " + n + " argument(s), got " + args.length);
    }

    private static double number(String text, String s) {
        try {
            return Double.parseDouble(s);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + s + "' in '" + text + "' is not a number");
        }
    }
}
