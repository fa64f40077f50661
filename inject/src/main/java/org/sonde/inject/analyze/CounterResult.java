package org.sonde.inject.analyze;

import java.util.List;

/**
 * NIC counters against the trace: each check compares a counter delta (or a sum of counters, named
 * {@code a+b}) on one host with what the trace implies; host discards invalidate the iteration.
 *
 * @param pass  every check matched and no host discarded packets
 * @param notes checks that could not be made, and why (a vendor without such a counter, no dump)
 */
public record CounterResult(boolean pass, List<Check> checks, List<String> reasons, List<String> notes) {
    public CounterResult {
        checks = List.copyOf(checks);
        reasons = List.copyOf(reasons);
        notes = List.copyOf(notes);
    }

    public enum Status { MATCH, MISMATCH, MISSING }

    /** @param actual the counter delta, or null when the dump lacks it (status MISSING) */
    public record Check(String nic, String counter, long expected, Long actual, Status status) {
    }

    public Check check(String nic, String counter) {
        return checks.stream().filter(c -> c.nic().equals(nic) && c.counter().equals(counter)).findFirst().orElseThrow();
    }
}
