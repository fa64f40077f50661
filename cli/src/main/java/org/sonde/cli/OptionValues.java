package org.sonde.cli;

import java.util.function.Function;
import org.sonde.core.SondeException;
import picocli.CommandLine.TypeConversionException;

/**
 * Option values are checked where picocli reads them, before a command does any work: a wrong
 * value is a usage error (exit 2) naming the option, whatever module's parser found it wrong.
 */
public final class OptionValues {
    private OptionValues() {}

    /** {@code parser} applied to {@code text}; its error becomes picocli's "Invalid value for option" with the hint. */
    public static <T> T parse(String text, Function<String, T> parser) {
        try {
            return parser.apply(text);
        } catch (SondeException e) {
            throw new TypeConversionException(e.getMessage() + (e.hint() == null ? "" : "; " + e.hint()));
        }
    }
}
