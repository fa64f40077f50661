package org.sonde.verify.run;

import java.util.List;
import java.util.Set;
import org.sonde.verify.check.Check;
import org.sonde.verify.check.Violation;

/**
 * The outcome of checking one snapshot.
 *
 * @param violations every violation found, in {@link Violation} order (so two backends can be compared with equals)
 * @param pairs      the (subnet, rule) pairs the map phase produced: the size of the shuffle
 */
public record VerificationResult(String backend, Set<Check> checks, int switches, int rules, int subnets, long pairs,
                                 List<Violation> violations, PhaseTimes times) {
    public VerificationResult {
        checks = Set.copyOf(checks);
        violations = List.copyOf(violations);
    }
}
