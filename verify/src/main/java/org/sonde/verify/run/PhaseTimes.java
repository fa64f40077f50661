package org.sonde.verify.run;

/**
 * Where the time of a verification went, in Libra's phases: map (rules to the subnets they match),
 * shuffle (grouping the (subnet, rule) pairs by subnet) and reduce (one forwarding graph per subnet,
 * checked); {@code setupNanos} is what came before (the subnet trie; for Spark also the session and
 * the shipping of the rules).
 */
public record PhaseTimes(long setupNanos, long mapNanos, long shuffleNanos, long reduceNanos) {
    long totalNanos() {
        return setupNanos + mapNanos + shuffleNanos + reduceNanos;
    }

    public double setupSeconds() { return setupNanos / 1e9; }
    public double mapSeconds() { return mapNanos / 1e9; }
    public double shuffleSeconds() { return shuffleNanos / 1e9; }
    public double reduceSeconds() { return reduceNanos / 1e9; }
    public double totalSeconds() { return totalNanos() / 1e9; }
}
