package org.sonde.cli.load;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The output options {@code load run} and {@code load server} share. */
final class OutputOptions {
    @Option(names = "--json", paramLabel = "OUT.json",
            description = "Write the totals, the rates, the latency percentiles and every second as JSON when the test ends.")
    Path json;

    @Option(names = "--no-color", description = "No red for non-zero error counters, even on a terminal.")
    boolean noColor;

    /** dperf prints non-zero error counters in red; only where a person reads them. */
    boolean color() {
        return !noColor && System.console() != null;
    }
}
