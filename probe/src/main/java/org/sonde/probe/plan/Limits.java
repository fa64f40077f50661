package org.sonde.probe.plan;

/**
 * Safe rates (§3.3.2: the controller keeps the commands per agent and the probes through any router
 * below thresholds): a plan's round is stretched until its busiest agent and its busiest router
 * stay within them. Zero means no limit.
 */
public record Limits(double agentProbesPerSecond, double routerProbesPerSecond) {
    public static final Limits NONE = new Limits(0, 0);

    public Limits {
        if (!(agentProbesPerSecond >= 0) || !(routerProbesPerSecond >= 0) || Double.isInfinite(agentProbesPerSecond) || Double.isInfinite(routerProbesPerSecond))
            throw new IllegalArgumentException("probe rate limits must be zero (none) or positive numbers");
    }
}
