package org.sonde.inject.analyze;

/**
 * How the CNP analyzer computes the expected CNPs (Lumina's check_cnp_behavior arguments).
 *
 * @param expectedScope    the scope the verdict is judged in; null to judge only the CNP→QP check
 * @param minIntervalNanos the rate limiter's interval: a trigger yields a CNP when the scope has none
 *                         yet or more than this passed since the last trigger that did
 * @param nakTriggersCnp   whether a NAK counts as a trigger as well as an ECN-marked packet
 */
public record CnpOptions(CnpScope expectedScope, long minIntervalNanos, boolean nakTriggersCnp) {
    public CnpOptions {
        if (minIntervalNanos < 0) throw new IllegalArgumentException("negative CNP interval " + minIntervalNanos);
    }

    /**
     * The options Lumina uses for a notification point {@code nic}: its scope, the configured
     * min-time-between-cnps (or the NIC's default when negative), and NAK triggers iff the NIC
     * supports them and both the NP and slow restart are enabled.
     */
    public static CnpOptions forNic(NicModel nic, long minIntervalNanos, boolean npEnabled, boolean slowRestart) {
        return new CnpOptions(nic.cnpScope(), minIntervalNanos >= 0 ? minIntervalNanos : nic.defaultMinCnpIntervalNanos(),
                nic.nakCanTriggerCnp() && npEnabled && slowRestart);
    }
}
