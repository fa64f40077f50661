package org.sonde.report;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * "Nice" tick values for an axis: on a linear axis, multiples of 1, 2 or 5 times a power of ten;
 * on a log axis, powers of ten (with 2 and 5 in between when the range spans few decades). The
 * first and last ticks enclose the data, so they are also the axis' domain.
 *
 * @param ticks ascending, at least two
 * @param step  distance between linear ticks; {@code NaN} on a log axis
 * @param log   whether the ticks are for a log axis
 */
record Ticks(List<Tick> ticks, double step, boolean log) {
    /** One tick: its value and its label ({@code 0.5}, {@code 20k}, {@code 1e-9}, {@code −3}). */
    public record Tick(double value, String label) {}

    /** Beyond this magnitude tick arithmetic in doubles runs out of room. */
    static final double LIMIT = 1e300;
    /** Smallest value a log axis takes; smaller ones are treated like non-positive ones. */
    static final double MIN_LOG = 1e-300;
    /**
     * Powers of ten a log tick may take: normal doubles. With data within [MIN_LOG, LIMIT] and at
     * most eight strides, a grid of span {@code < decades + 8 <= 608} always fits in these 615.
     */
    private static final int MIN_NORMAL_EXP = -307, MAX_EXP = 308;
    private static final String[] SI = {"", "k", "M", "G", "T"};

    public Ticks {
        ticks = List.copyOf(ticks);
        if (ticks.size() < 2) throw new IllegalArgumentException("an axis needs at least two ticks");
    }

    public double lo() {
        return ticks.getFirst().value();
    }

    public double hi() {
        return ticks.getLast().value();
    }

    /**
     * About {@code target} ticks covering [min, max]. When min equals max (or nearly: the range is
     * below double precision) the range is widened by 10% of the value on either side, or to
     * [−1, 1] around zero.
     */
    public static Ticks linear(double min, double max, int target) {
        checkRange(min, max);
        if (target < 1) throw new IllegalArgumentException("target tick count must be positive: " + target);
        double span = max - min;
        if (span <= Math.max(Math.abs(min), Math.abs(max)) * 1e-12 || span < 1e-290) {
            double c = min / 2 + max / 2;
            if (Math.abs(c) < 1e-280) {
                min = -1;
                max = 1;
            } else {
                min = c - Math.abs(c) * 0.1;
                max = c + Math.abs(c) * 0.1;
            }
        }
        double raw = max / target - min / target;
        int exp = (int) Math.floor(Math.log10(raw));
        double err = raw / pow10(exp);
        // thresholds at the geometric means of 1, 2, 5, 10: the step closest to the raw one
        int m = err >= Math.sqrt(50) ? 10 : err >= Math.sqrt(10) ? 5 : err >= Math.sqrt(2) ? 2 : 1;
        if (m == 10) {
            m = 1;
            exp++;
        }
        double step = tick(1, m, exp);
        long lo = (long) Math.floor(min / step);
        long hi = (long) Math.ceil(max / step);
        // the divisions round; nudge until the end ticks really enclose the data
        while (tick(lo, m, exp) > min) lo--;
        while (tick(lo + 1, m, exp) <= min) lo++;
        while (tick(hi, m, exp) < max) hi++;
        while (tick(hi - 1, m, exp) >= max) hi--;
        List<BigDecimal> values = new ArrayList<>();
        for (long i = lo; i <= hi; i++) values.add(BigDecimal.valueOf(i * m).scaleByPowerOfTen(exp));
        return new Ticks(label(values, exp), step, false);
    }

    /** Ticks for a log axis covering [min, max]; both must be positive. */
    public static Ticks log(double min, double max) {
        checkRange(min, max);
        if (min < MIN_LOG) throw new IllegalArgumentException("a log axis needs values of at least 1e-300, got " + min);
        int e0 = (int) Math.floor(Math.log10(min));
        int e1 = (int) Math.ceil(Math.log10(max));
        while (pow10(e0) > min) e0--;
        while (pow10(e0 + 1) <= min) e0++;
        while (pow10(e1) < max) e1++;
        while (pow10(e1 - 1) >= max) e1--;
        if (e0 == e1) {
            e0--;
            e1++;
        }
        int decades = e1 - e0;
        List<BigDecimal> values = new ArrayList<>();
        if (decades <= 2) {
            for (int e = e0; e < e1; e++) {
                for (int m : new int[] {1, 2, 5}) values.add(BigDecimal.valueOf(m).scaleByPowerOfTen(e));
            }
            values.add(BigDecimal.ONE.scaleByPowerOfTen(e1));
            values = trim(values, min, max);
        } else {
            // at most about eight labelled decades; more would crowd the axis
            int stride = (decades + 7) / 8;
            int from = Math.floorDiv(e0, stride) * stride;
            int to = -Math.floorDiv(-e1, stride) * stride;
            if (from < MIN_NORMAL_EXP || to > MAX_EXP) {
                // aligning to multiples of the stride would step out of the doubles (1e310 is
                // infinite): keep the stride, but place the grid so that it stays inside
                int span = (decades + stride - 1) / stride * stride;
                from = Math.min(e0, MAX_EXP - span);
                to = from + span;
            }
            for (int e = from; e <= to; e += stride) values.add(BigDecimal.ONE.scaleByPowerOfTen(e));
        }
        List<Tick> ticks = new ArrayList<>();
        for (BigDecimal v : values) ticks.add(new Tick(v.doubleValue(), minus(logLabel(v))));
        return new Ticks(ticks, Double.NaN, true);
    }

    /** Keeps the candidates from the last one at or below min to the first one at or above max. */
    private static List<BigDecimal> trim(List<BigDecimal> values, double min, double max) {
        int from = 0;
        int to = values.size() - 1;
        while (from + 1 < values.size() && values.get(from + 1).doubleValue() <= min) from++;
        while (to - 1 >= 0 && values.get(to - 1).doubleValue() >= max) to--;
        if (from == to) {
            from = Math.max(0, from - 1);
            to = Math.min(values.size() - 1, to + 1);
        }
        return values.subList(from, to + 1);
    }

    private static void checkRange(double min, double max) {
        if (!Double.isFinite(min) || !Double.isFinite(max) || min > max) {
            throw new IllegalArgumentException("axis range must be finite with min <= max, got [" + min + ", " + max + "]");
        }
        if (Math.abs(min) > LIMIT || Math.abs(max) > LIMIT) {
            throw new IllegalArgumentException("axis range beyond ±1e300 cannot be ticked: [" + min + ", " + max + "]");
        }
    }

    private static double tick(long i, int m, int exp) {
        return BigDecimal.valueOf(i * m).scaleByPowerOfTen(exp).doubleValue();
    }

    private static double pow10(int e) {
        return BigDecimal.ONE.scaleByPowerOfTen(e).doubleValue();
    }

    /** Labels with one precision for the whole axis, so that 0.5, 1.0, 1.5 line up. */
    private static List<Tick> label(List<BigDecimal> values, int exp) {
        double maxAbs = 0;
        for (BigDecimal v : values) maxAbs = Math.max(maxAbs, Math.abs(v.doubleValue()));
        List<Tick> ticks = new ArrayList<>(values.size());
        for (BigDecimal v : values) {
            String label;
            if (v.signum() == 0) {
                label = "0";
            } else if (maxAbs >= 1e15 || maxAbs < 1e-3) {
                label = Numbers.scientific(v);
            } else if (maxAbs >= 1e4) {
                int n = Math.min(SI.length - 1, (int) Math.floor(Math.log10(maxAbs) / 3));
                label = v.movePointLeft(3 * n).setScale(Math.max(0, 3 * n - exp)).toPlainString() + SI[n];
            } else {
                label = v.setScale(Math.max(0, -exp)).toPlainString();
            }
            ticks.add(new Tick(v.doubleValue(), minus(label)));
        }
        return ticks;
    }

    private static String logLabel(BigDecimal v) {
        double a = v.doubleValue();
        if (a >= 1e-3 && a < 1e3) return v.stripTrailingZeros().toPlainString();
        if (a >= 1e3 && a < 1e15) {
            int n = (int) Math.floor(Math.log10(a) / 3);
            return v.movePointLeft(3 * n).stripTrailingZeros().toPlainString() + SI[n];
        }
        return Numbers.scientific(v);
    }

    /** The typographic minus sign reads better than a hyphen next to digits. */
    private static String minus(String label) {
        return label.replace('-', '−');
    }
}
