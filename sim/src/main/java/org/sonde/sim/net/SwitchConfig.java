package org.sonde.sim.net;

/**
 * A switch's buffer and queue management.
 *
 * @param bufferBytes shared buffer of the whole switch
 * @param alpha       dynamic threshold of lossy queues: a queue may hold at most α × the free buffer
 * @param ecn         ECN marking at enqueue
 * @param pfc         lossless priorities and their thresholds per ingress port
 * @param scheduling  egress scheduling of every port
 * @param loadBalancing how frames spread over equal-cost egress ports
 */
public record SwitchConfig(long bufferBytes, double alpha, EcnMarking ecn, PfcThresholds pfc, Scheduling scheduling, LoadBalancing loadBalancing) {
    /** 12 MB shared, α = 1, no ECN, no PFC, equal weights: a plain shallow-buffer data-center switch. */
    public static final SwitchConfig DEFAULT = new SwitchConfig(12_000_000, 1.0, EcnMarking.OFF, PfcThresholds.OFF, Scheduling.EQUAL);

    /** A switch with per-flow ECMP. */
    public SwitchConfig(long bufferBytes, double alpha, EcnMarking ecn, PfcThresholds pfc, Scheduling scheduling) {
        this(bufferBytes, alpha, ecn, pfc, scheduling, LoadBalancing.FLOW);
    }

    public SwitchConfig {
        if (bufferBytes <= 0) throw new IllegalArgumentException("switch buffer must be positive, got " + bufferBytes);
        if (!(alpha > 0)) throw new IllegalArgumentException("dynamic threshold alpha must be positive, got " + alpha);
        if (loadBalancing == null) throw new IllegalArgumentException("a switch needs a load-balancing policy");
    }
}
