package org.sonde.cli;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import org.sonde.core.UsageException;
import org.sonde.core.config.Units;
import picocli.CommandLine.ITypeConverter;

/**
 * A duration option in nanoseconds, written with its unit as everywhere in Sonde: 500ms, 30s, 5m, 2h
 * (core's {@link Units}). A bare number or an ISO-8601 duration is refused with the value written the
 * new way. The nested converters are for options whose bare number used to mean a unit, so that the
 * hint gives exactly what the old value meant ({@code --threshold 100} was milliseconds: "100ms").
 */
public class DurationOption implements ITypeConverter<Long> {
    /** The paramLabel of every duration option. */
    public static final String LABEL = "DURATION";

    /** The unit a bare number meant before durations took units (the hint writes it so); null when a bare number never was one. */
    private final String legacyUnit;
    /** Whether 0 (written with a unit, 0s) is a valid value. */
    private final boolean allowsZero;

    public DurationOption() {
        this(null, false);
    }

    protected DurationOption(String legacyUnit, boolean allowsZero) {
        this.legacyUnit = legacyUnit;
        this.allowsZero = allowsZero;
    }

    @Override
    public Long convert(String value) {
        return OptionValues.parse(value, text -> parse(text, legacyUnit, allowsZero));
    }

    /** {@code nanos} in whole milliseconds, for an API that counts in them; a finer value is a usage error. */
    public static long wholeMillis(long nanos, String option) {
        if (nanos % 1_000_000 != 0) {
            throw new UsageException(option + " " + Units.formatNanos(nanos) + ": give whole milliseconds", "e.g. " + Math.max(1, nanos / 1_000_000) + "ms");
        }
        return nanos / 1_000_000;
    }

    static long parse(String text) {
        return parse(text, null, false);
    }

    static long parse(String text, String legacyUnit, boolean zero) {
        String t = text.strip();
        if (t.toUpperCase(Locale.ROOT).startsWith("P")) {
            String suggestion;
            try {
                suggestion = largestUnit(Duration.parse(t).toNanos());
            } catch (DateTimeParseException | ArithmeticException e) {
                suggestion = "5m";
            }
            throw new UsageException("'" + text + "' is an ISO-8601 duration", "write durations with a unit, e.g. " + suggestion);
        }
        if (t.matches("[0-9]+(\\.[0-9]+)?")) {
            String unit = legacyUnit == null ? "ms" : legacyUnit;
            throw new UsageException("'" + text + "' has no unit",
                    "write durations with a unit, e.g. " + t + unit + (legacyUnit == null ? " or " + t + "s" : " (what " + t + " meant)"));
        }
        long nanos;
        try {
            nanos = Units.nanos(t);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage(), "e.g. 100ms, 30s, 5m, 2h");
        }
        if (nanos < 0 || nanos == 0 && !zero) {
            throw new UsageException("'" + text + "' is not a " + (zero ? "duration" : "positive duration"), "e.g. 100ms, 30s, 5m, 2h");
        }
        return nanos;
    }

    /** {@code nanos} in the largest unit that holds it whole: 5m rather than 300s. */
    static String largestUnit(long nanos) {
        if (nanos != 0 && nanos % 3_600_000_000_000L == 0) return nanos / 3_600_000_000_000L + "h";
        if (nanos != 0 && nanos % 60_000_000_000L == 0) return nanos / 60_000_000_000L + "m";
        return Units.formatNanos(nanos);
    }

    /** A bare number used to be milliseconds. */
    public static final class WasMillis extends DurationOption {
        public WasMillis() {
            super("ms", false);
        }
    }

    /** A bare number used to be milliseconds, and 0 is valid (it means "none" or "at once"). */
    public static final class WasMillisOrZero extends DurationOption {
        public WasMillisOrZero() {
            super("ms", true);
        }
    }

    /** A bare number used to be seconds, and 0 is valid. */
    public static final class WasSecondsOrZero extends DurationOption {
        public WasSecondsOrZero() {
            super("s", true);
        }
    }

    /** A bare number used to be hours. */
    public static final class WasHours extends DurationOption {
        public WasHours() {
            super("h", false);
        }
    }

    /** A new option where 0 (0s) means none: a bare number was never one. */
    public static final class OrZero extends DurationOption {
        public OrZero() {
            super(null, true);
        }
    }

    /** A bare number used to be nanoseconds. */
    public static final class WasNanos extends DurationOption {
        public WasNanos() {
            super("ns", false);
        }
    }

    /** A bare number is refused with the value written in minutes (the unit of the figures such options come from). */
    public static final class Minutes extends DurationOption {
        public Minutes() {
            super("m", false);
        }
    }

    /** The same, and 0 is valid. */
    public static final class MinutesOrZero extends DurationOption {
        public MinutesOrZero() {
            super("m", true);
        }
    }
}
