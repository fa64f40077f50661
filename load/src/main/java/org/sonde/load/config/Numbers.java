package org.sonde.load.config;

/**
 * dperf's number syntax ({@code config_parse_number}, {@code config_parse_duration}, the keepalive
 * interval): digits, optionally one decimal point, optionally one {@code k}/{@code m} multiplier.
 * Each method returns the value or throws {@link IllegalArgumentException} with what was expected.
 */
final class Numbers {
    private Numbers() {}

    /** {@code 10k}, {@code 1.5m}, {@code 100}: an amount (cps, cc, payload sizes, request counts). */
    static long amount(String s, boolean decimals) {
        int i = 0;
        int points = 0;
        while (i < s.length() && (Character.isDigit(s.charAt(i)) || (decimals && s.charAt(i) == '.'))) {
            if (s.charAt(i) == '.') points++;
            i++;
        }
        if (i == 0 || points > 1 || s.charAt(0) == '.' || s.charAt(i - 1) == '.') {
            throw new IllegalArgumentException("'" + s + "' is not a number (expected e.g. 100, 2k" + (decimals ? ", 1.5m" : "") + ")");
        }
        long rate = 1;
        String suffix = s.substring(i);
        switch (suffix) {
            case "" -> rate = 1;
            case "k", "K" -> rate = 1_000;
            case "m", "M" -> rate = 1_000_000;
            default -> throw new IllegalArgumentException("'" + s + "' has an unknown suffix '" + suffix + "' (expected k or m)");
        }
        String digits = s.substring(0, i);
        if (digits.length() > 15) throw new IllegalArgumentException("'" + s + "' is too large");
        double value = Double.parseDouble(digits) * rate;
        if (value > Integer.MAX_VALUE) throw new IllegalArgumentException("'" + s + "' is too large (at most " + Integer.MAX_VALUE + ")");
        return (long) value;
    }

    /** A plain non-negative integer without suffix (ports, CPU numbers, seconds of wait/slow_start). */
    static int integer(String s) {
        if (!s.matches("[0-9]{1,9}")) throw new IllegalArgumentException("'" + s + "' is not a whole number");
        return Integer.parseInt(s);
    }

    /** {@code 100s}, {@code 3.5m}, {@code 2h}, {@code 1.5d}, {@code 100}: whole seconds, positive. */
    static long durationSeconds(String s) {
        long rate = 1;
        String number = s;
        char last = s.isEmpty() ? ' ' : s.charAt(s.length() - 1);
        switch (last) {
            case 's' -> number = s.substring(0, s.length() - 1);
            case 'm' -> { rate = 60; number = s.substring(0, s.length() - 1); }
            case 'h' -> { rate = 3600; number = s.substring(0, s.length() - 1); }
            case 'd' -> { rate = 86400; number = s.substring(0, s.length() - 1); }
            default -> { }
        }
        if (!number.matches("[0-9]{1,9}(\\.[0-9]{1,9})?")) {
            throw new IllegalArgumentException("'" + s + "' is not a duration (expected e.g. 100s, 3.5m, 2h, 1.5d)");
        }
        long seconds = (long) (Double.parseDouble(number) * rate);
        if (seconds <= 0) throw new IllegalArgumentException("'" + s + "' is shorter than one second");
        return seconds;
    }

    /**
     * dperf's keepalive interval: a number with {@code us}, {@code ms} or {@code s}. Microseconds
     * follow dperf's tick rules: multiples of 10 from 10 µs, of 2 below, and only below 1 ms.
     */
    static long intervalMicros(String s) {
        int i = 0;
        while (i < s.length() && Character.isDigit(s.charAt(i))) i++;
        String unit = s.substring(i);
        if (i == 0 || i > 9) throw new IllegalArgumentException("'" + s + "' is not an interval (expected e.g. 10us, 1ms, 60s)");
        long value = Long.parseLong(s.substring(0, i));
        return switch (unit) {
            case "us" -> {
                if (value >= 10 && value % 10 != 0) throw new IllegalArgumentException("'" + s + "': an interval in microseconds must be a multiple of 10us");
                if (value > 1 && value < 10 && value % 2 != 0) throw new IllegalArgumentException("'" + s + "': an interval below 10us must be a multiple of 2us");
                if (value >= 1000 && value % 1000 != 0) throw new IllegalArgumentException("'" + s + "': microseconds can only be used for intervals below 1 ms (write it in ms)");
                yield value;
            }
            case "ms" -> value * 1_000;
            case "s" -> value * 1_000_000;
            default -> throw new IllegalArgumentException("'" + s + "' needs a unit: us, ms or s (e.g. 10us, 1ms, 60s)");
        };
    }

    /** {@code 0x2e} or {@code 46}, within [min, max]. */
    static int hexOrDecimal(String s, int min, int max) {
        long v;
        try {
            v = s.length() > 2 && s.charAt(0) == '0' && (s.charAt(1) == 'x' || s.charAt(1) == 'X')
                    ? Long.parseLong(s.substring(2), 16) : Long.parseLong(s);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + s + "' is not a number (expected e.g. 0x10 or 16)");
        }
        if (v < min || v > max) throw new IllegalArgumentException("'" + s + "' is out of range " + min + "-" + max);
        return (int) v;
    }
}
