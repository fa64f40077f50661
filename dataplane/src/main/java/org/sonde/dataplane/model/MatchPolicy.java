package org.sonde.dataplane.model;

/** How the rules of one table share a packet. */
public enum MatchPolicy {
    /** Only the first matching rule in table order applies. */
    FIRST_MATCH,
    /**
     * Every matching rule applies, except on headers also matched by a rule it lists in
     * {@link Rule#shadowedBy()}: hassel's {@code affected_by} semantics, where an empty list means
     * overlapping rules all fire.
     */
    EXPLICIT
}
