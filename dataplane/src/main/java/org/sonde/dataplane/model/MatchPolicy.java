package org.sonde.dataplane.model;

/** How the rules of one table share a packet. */
public enum MatchPolicy {
    /** Only the first matching rule in table order applies. */
    FIRST_MATCH,
    /**
     * Every matching rule applies, except to packets (in-port and header) that a rule it lists in
     * {@link Rule#shadowedBy()} also matches: hassel's {@code affected_by} semantics, where an
     * empty list means overlapping rules all fire.
     */
    EXPLICIT
}
