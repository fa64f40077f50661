package org.sonde.atpg;

/** What the regular test packets must cover together. */
public enum Cover {
    /** Every rule some packet can exercise (functional testing). */
    RULES,
    /** Every link some packet can cross (liveness testing). */
    LINKS
}
