package org.sonde.cli.load;

import org.sonde.cli.DurationOption;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * A duration that becomes a line of a dperf configuration ({@code duration 100s}, {@code keepalive 1ms}),
 * kept as text for dperf's own parser, which takes days too and checks dperf's limits. Like every
 * duration option it carries a unit: dperf's bare seconds ({@code duration 100}) are refused here, as
 * {@link DurationOption} refuses a bare number.
 */
final class DperfDurationOption implements ITypeConverter<String> {
    @Override
    public String convert(String value) {
        String v = value.strip();
        if (v.matches("[0-9]+(\\.[0-9]+)?")) {
            throw new TypeConversionException("'" + value + "' has no unit; write durations with a unit, e.g. " + v + "s");
        }
        return v;
    }
}
