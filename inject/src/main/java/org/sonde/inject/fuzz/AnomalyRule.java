package org.sonde.inject.fuzz;

/**
 * When the fuzzer declares an anomaly and stops. Only a run whose trace passed the integrity check
 * counts (its analysis can be trusted); then any enabled condition suffices.
 *
 * @param innocentMctInflation  innocent QPs' mean completion time at least this many times the
 *                              baseline's (0: off)
 * @param counterInconsistency  a NIC counter disagrees with the trace
 * @param gbnFailure            a go-back-N violation
 */
record AnomalyRule(double innocentMctInflation, boolean counterInconsistency, boolean gbnFailure) {
    public AnomalyRule {
        if (innocentMctInflation != 0 && innocentMctInflation <= 1) {
            throw new IllegalArgumentException("an inflation threshold must be above 1 (or 0 for off), got " + innocentMctInflation);
        }
        if (innocentMctInflation == 0 && !counterInconsistency && !gbnFailure) {
            throw new IllegalArgumentException("an anomaly rule needs at least one condition");
        }
    }

    public boolean holds(RunOutcome o) {
        if (!o.integrityPass()) return false;
        return innocentMctInflation > 0 && o.innocentMctInflation() >= innocentMctInflation
                || counterInconsistency && o.counterMismatches() > 0
                || gbnFailure && o.gbnViolations() > 0;
    }
}
