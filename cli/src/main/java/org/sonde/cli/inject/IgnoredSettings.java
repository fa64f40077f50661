package org.sonde.cli.inject;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

/** Lumina's hardware keys (interface names, PCI addresses, SSH, repeats) are read but mean nothing on a simulated target: say so. */
final class IgnoredSettings {
    private IgnoredSettings() {}

    static void warn(PrintWriter err, Path test, List<String> ignored) {
        if (ignored.isEmpty()) return;
        err.printf("sonde: note: %s: %d setting%s for Lumina's hardware testbed ignored on a simulated target: %s%n",
                test, ignored.size(), ignored.size() == 1 ? "" : "s", String.join(", ", ignored));
        err.flush();
    }
}
