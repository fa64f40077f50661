package org.sonde.verify.run;

import java.util.List;
import org.sonde.verify.check.Violation;

/**
 * What one incremental update did.
 *
 * @param applied     false when the update changed nothing (a delete of a rule that is not there)
 * @param affected    subnets whose forwarding graphs were updated and checked again
 * @param mapNanos    finding the affected subnets (the trie search of §4.4.1)
 * @param reduceNanos updating and checking their graphs
 * @param appeared    violations that are new
 * @param cleared     violations that are gone
 */
public record UpdateOutcome(boolean applied, int affected, long mapNanos, long reduceNanos,
                            List<Violation> appeared, List<Violation> cleared) {
    public UpdateOutcome {
        appeared = List.copyOf(appeared);
        cleared = List.copyOf(cleared);
    }
}
