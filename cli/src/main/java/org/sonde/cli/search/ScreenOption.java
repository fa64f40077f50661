package org.sonde.cli.search;

import org.sonde.core.UsageException;
import org.sonde.search.SearchOptions;
import picocli.CommandLine.Option;

/** {@code --screen N} of {@code search run} and {@code search compare}: mutants an annealing step screens. */
final class ScreenOption {
    @Option(names = "--screen", paramLabel = "N", defaultValue = "" + SearchOptions.SCREEN,
            description = "Annealing methods: mutants drawn per step, of which the one a Gaussian process of the counter "
                    + "rates best is measured; 0 measures every mutant, as the paper's annealing. Default: ${DEFAULT-VALUE}.")
    int screen;

    /** The value, checked. */
    int value() {
        if (screen < 0 || screen > 10_000) throw new UsageException("--screen: must be in 0..10000, got " + screen, "e.g. --screen 0 for the paper's annealing");
        return screen;
    }
}
