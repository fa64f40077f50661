package org.sonde.probe.plan;

/**
 * @param cover          tuples per chosen pair
 * @param strategy       which pairs
 * @param alpha          α of MSC-α (and of the MSC-α run that sizes random pairs)
 * @param seed           seeds the tuples' source ports and random pairs
 * @param destinationPort the agents' TCP port probes are sent to
 * @param roundMillis    the shortest round: every tuple is pinged once per round
 * @param limits         rates the round is stretched to respect
 */
public record PlanOptions(CoverPolicy cover, Strategy strategy, int alpha, long seed, int destinationPort, long roundMillis, Limits limits) {
    public PlanOptions {
        if (alpha < 1 || alpha > 1000) throw new IllegalArgumentException("alpha must be from 1 to 1000, got " + alpha);
        if (destinationPort < 1 || destinationPort > 65535) throw new IllegalArgumentException("the destination port must be 1..65535, got " + destinationPort);
        if (roundMillis < 1) throw new IllegalArgumentException("the round must last at least 1 ms, got " + roundMillis);
    }

    /** The dissertation's simulation settings: inflation 2, MSC-2, rounds of 3 s. */
    public static PlanOptions defaults(long seed) {
        return new PlanOptions(new CoverPolicy.Inflation(2), Strategy.MSC, 2, seed, 80, 3_000, Limits.NONE);
    }

    public PlanOptions withCover(CoverPolicy c) {
        return new PlanOptions(c, strategy, alpha, seed, destinationPort, roundMillis, limits);
    }

    public PlanOptions withStrategy(Strategy s) {
        return new PlanOptions(cover, s, alpha, seed, destinationPort, roundMillis, limits);
    }

    PlanOptions withAlpha(int a) {
        return new PlanOptions(cover, strategy, a, seed, destinationPort, roundMillis, limits);
    }

    PlanOptions withLimits(Limits l) {
        return new PlanOptions(cover, strategy, alpha, seed, destinationPort, roundMillis, l);
    }
}
