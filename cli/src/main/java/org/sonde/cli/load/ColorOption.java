package org.sonde.cli.load;

import picocli.CommandLine.Option;

/** {@code --no-color}, which {@code load run} and {@code load server} share (their --json is the shared mixin's). */
final class ColorOption {
    @Option(names = "--no-color", description = "No red for non-zero error counters, even on a terminal.")
    boolean noColor;

    /** dperf prints non-zero error counters in red; only where a person reads them. */
    boolean color() {
        return !noColor && System.console() != null;
    }
}
