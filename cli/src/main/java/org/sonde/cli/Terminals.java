package org.sonde.cli;

import java.util.List;
import org.sonde.core.UsageException;
import org.sonde.dataplane.io.ModelSource;
import org.sonde.report.Numbers;
import picocli.CommandLine.ITypeConverter;

/**
 * The ports a command starts from, chosen on the command line: {@code all} candidate ports,
 * {@code edge} (those without links) or a share such as {@code 40%} drawn with the seed.
 *
 * @param percent the share for {@link Kind#SHARE}, in (0, 100]
 */
public record Terminals(Kind kind, double percent) {
    public enum Kind { ALL, EDGE, SHARE }

    public Terminals {
        if (kind == Kind.SHARE && !(percent > 0 && percent <= 100)) {
            throw new UsageException(Numbers.format(percent) + "% is not a share of the ports: expected more than 0% and at most 100%");
        }
    }

    /** {@code all}, {@code edge} or {@code PCT%}. */
    public static Terminals parse(String text) {
        String t = text.strip();
        if (t.equals("all")) return new Terminals(Kind.ALL, 100);
        if (t.equals("edge")) return new Terminals(Kind.EDGE, 100);
        if (t.endsWith("%")) {
            try {
                return new Terminals(Kind.SHARE, Double.parseDouble(t.substring(0, t.length() - 1)));
            } catch (NumberFormatException e) {
                // the usage error below
            }
        }
        throw new UsageException("'" + text + "' is not all, edge or a percentage like 10%");
    }

    /** These terminals of the loaded model's candidate ports. */
    public List<Integer> select(ModelSource.Loaded loaded, long seed) {
        return switch (kind) {
            case ALL -> loaded.terminals();
            case EDGE -> ModelSource.edge(loaded);
            case SHARE -> ModelSource.sample(loaded.terminals(), percent, seed);
        };
    }

    /** picocli's reading of the option. */
    public static final class Converter implements ITypeConverter<Terminals> {
        @Override
        public Terminals convert(String value) {
            return OptionValues.parse(value, Terminals::parse);
        }
    }
}
