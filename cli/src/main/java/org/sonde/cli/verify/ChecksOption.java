package org.sonde.cli.verify;

import java.util.Set;
import org.sonde.core.UsageException;
import org.sonde.verify.check.Check;
import picocli.CommandLine.Option;

/** The --checks option of the commands that check forwarding graphs (a picocli mixin). */
final class ChecksOption {
    @Option(names = "--checks", paramLabel = "CHECK[,CHECK...]", defaultValue = "loops,blackholes",
            description = "Any of loops, blackholes, reachability, waypoints. Default: ${DEFAULT-VALUE}.")
    String checks;

    /** The checks named; an unknown one is a usage error. */
    Set<Check> checks() {
        try {
            return Check.parseList(checks);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--checks: " + e.getMessage());
        }
    }
}
