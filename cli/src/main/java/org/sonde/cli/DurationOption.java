package org.sonde.cli;

import org.sonde.core.UsageException;
import org.sonde.core.config.Units;
import picocli.CommandLine.ITypeConverter;

/** A duration option in nanoseconds, written with its unit as everywhere in Sonde: 500ms, 30s, 5m, 2h. */
public final class DurationOption implements ITypeConverter<Long> {
    @Override
    public Long convert(String value) {
        return OptionValues.parse(value, DurationOption::parse);
    }

    static long parse(String text) {
        if (text.toUpperCase(java.util.Locale.ROOT).startsWith("P")) {
            throw new UsageException("'" + text + "' is an ISO-8601 duration", "write the duration with a unit: 300s, 5m, 2h");
        }
        try {
            long nanos = Units.nanos(text);
            if (nanos <= 0) throw new UsageException("'" + text + "' is not a positive duration", "e.g. 300s, 5m, 2h");
            return nanos;
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage(), "e.g. 300s, 5m, 2h");
        }
    }
}
