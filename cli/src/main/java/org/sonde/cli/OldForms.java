package org.sonde.cli;

import picocli.CommandLine;
import java.util.List;
import java.util.Optional;

/**
 * Options that one output convention replaced (issue 21): their old spelling is refused with the new
 * one, so a script written for an older Sonde fails with a usage error (exit 2) that says what to
 * write instead, rather than "unknown option". Old forms whose name stayed (a bare number where a
 * duration is now written with its unit, {@code --json} without a file) are refused by the option's
 * own converter ({@link DurationOption}, {@link OutputOptions.Json}).
 */
public final class OldForms {
    private OldForms() {}

    /**
     * An option that is gone.
     *
     * @param command the command's qualified name ({@code sonde verify watch})
     * @param option  the old option
     * @param instead the new option
     * @param unit    for a duration given in a unit the old name implied: the unit to append to its number; else null
     * @param why     the rule that changed it
     */
    public record OldForm(String command, String option, String instead, String unit, String why) {}

    private static final String DURATIONS = "durations are written with a unit (100ms, 5s, 5m, 10h)";
    private static final String OUT_IS_A_DIRECTORY = "--out is always a directory";

    /** Every retired option. */
    public static final List<OldForm> ALL = List.of(
            new OldForm("sonde verify watch", "--epsilon-ms", "--epsilon", "ms", DURATIONS),
            new OldForm("sonde inject diff", "--tolerance-ms", "--tolerance", "ms", DURATIONS),
            new OldForm("sonde search run", "--budget-hours", "--budget", "h", DURATIONS),
            new OldForm("sonde search compare", "--budget-hours", "--budget", "h", DURATIONS),
            new OldForm("sonde atpg emulate", "--out", "--json", null, OUT_IS_A_DIRECTORY + "; the results are the command's JSON"),
            new OldForm("sonde atpg run", "--out", "--json", null, OUT_IS_A_DIRECTORY + "; the results are the command's JSON"),
            new OldForm("sonde probe agent", "--out", "--results", null, OUT_IS_A_DIRECTORY + "; the records file is named as localize reads it"),
            new OldForm("sonde pcap synth", "--out", "--capture", null, OUT_IS_A_DIRECTORY + "; the capture to write is --capture FILE"));

    /**
     * For a parse error that is a bare {@code --json} (once a flag printing to stdout, now {@code --json
     * FILE|-}): the message with the new form.
     */
    static Optional<String> missingValue(CommandLine.ParameterException e) {
        if (e instanceof CommandLine.MissingParameterException m
                && m.getMissing().stream().anyMatch(a -> a instanceof CommandLine.Model.OptionSpec o && o.longestName().equals("--json"))) {
            return Optional.of("--json takes the file to write the JSON to, or - for standard output: write --json - (or --json result.json)");
        }
        return Optional.empty();
    }

    /**
     * When a command line of {@code command} failed to parse and holds a retired option, the message
     * for it, written the new way with the value given ({@code --epsilon-ms=100} → {@code --epsilon=100ms}).
     * Any parse error qualifies: picocli reports a missing required option before an unknown one, and
     * the retired option is usually why the required one is missing ({@code --out} for {@code --capture}).
     *
     * @param args the command line
     */
    static Optional<String> message(String command, List<String> args) {
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            int eq = arg.indexOf('=');
            String name = eq < 0 ? arg : arg.substring(0, eq);
            for (OldForm f : ALL) {
                if (!f.command().equals(command) || !f.option().equals(name)) continue;
                String value = eq >= 0 ? arg.substring(eq + 1) : i + 1 < args.size() && !args.get(i + 1).startsWith("-") ? args.get(i + 1) : null;
                String v = value == null ? (f.unit() == null ? "FILE" : "N") : value;
                String written = f.instead() + "=" + (f.unit() != null && v.matches("[0-9]+(\\.[0-9]+)?|N") ? v + f.unit() : v);
                return Optional.of(f.option() + " is gone: " + f.why() + "; write " + written);
            }
        }
        return Optional.empty();
    }
}
