package org.sonde.sim.rdma;

import org.sonde.core.config.ConfigMap;
import org.sonde.core.config.ConfigMap.ConfigException;

/**
 * The RoCE settings of a scenario's NICs and queue pairs (the {@code roce} section).
 *
 * @param mtu                       path MTU: payload bytes per packet, 256..4096, a power of two
 * @param timeout                   IB local ACK timeout exponent: 4.096 µs·2^timeout (0: wait forever)
 * @param retryCnt                  transport retries after a timeout before the QP fails (0..7)
 * @param rnrRetry                  retries after RNR NAKs (0..7; 7 retries forever)
 * @param minRnrTimer               RNR NAK timer code the responder sends (IBA table 45)
 * @param ackCoalescing             the responder acknowledges every this many in-order packets, and
 *                                  always a packet with AckReq set (the last of each message); 0: only those
 * @param maxRdAtomic               READ requests a QP may have outstanding as requester
 * @param priority                  traffic class of data and ACKs (DSCP = class × 8)
 * @param cnpPriority               traffic class of CNPs (NVIDIA's cnp_802p_prio)
 * @param ecn                       data packets are ECN-capable (ECT(0))
 * @param minTimeBetweenCnpsNanos   overrides the profile's CNP interval when ≥ 0 (NVIDIA's min_time_between_cnps)
 * @param dcqcn                     congestion control
 * @param profile                   NIC behaviour
 * @param verb                      the operation a flow is carried by (flow transport)
 */
public record RoceConfig(int mtu, int timeout, int retryCnt, int rnrRetry, int minRnrTimer, int ackCoalescing,
                         int maxRdAtomic, int priority, int cnpPriority, boolean ecn, long minTimeBetweenCnpsNanos,
                         DcqcnConfig dcqcn, NicProfile profile, Verb verb) {

    public RoceConfig {
        if (mtu < 256 || mtu > 4096 || Integer.bitCount(mtu) != 1) throw new IllegalArgumentException("RoCE MTU must be 256, 512, 1024, 2048 or 4096, got " + mtu);
        if (timeout < 0 || timeout > 31) throw new IllegalArgumentException("timeout is a 5-bit exponent, got " + timeout);
        if (retryCnt < 0 || retryCnt > 7 || rnrRetry < 0 || rnrRetry > 7) throw new IllegalArgumentException("retry counts are 3-bit values");
    }

    /** MTU 1024, timeout 14 (67 ms), 7 retries, ACK per packet, class 3, CNPs in class 6, DCQCN on, neutral NIC, WRITE. */
    public static RoceConfig defaults() {
        return new RoceConfig(1024, 14, 7, 7, 12, 1, 16, 3, 6, true, -1, DcqcnConfig.DEFAULT, NicProfile.neutral(), Verb.WRITE);
    }

    /** The local ACK timeout the IB rule gives, 4.096 µs·2^timeout; 0 means none. */
    long ibTimeoutNanos() {
        return timeout == 0 ? 0 : 4096L << timeout;
    }

    public long cnpIntervalNanos() {
        return minTimeBetweenCnpsNanos >= 0 ? minTimeBetweenCnpsNanos : profile.cnp().minIntervalNanos();
    }

    RoceConfig withProfile(NicProfile p) {
        return new RoceConfig(mtu, timeout, retryCnt, rnrRetry, minRnrTimer, ackCoalescing, maxRdAtomic, priority, cnpPriority, ecn, minTimeBetweenCnpsNanos, dcqcn, p, verb);
    }

    RoceConfig withDcqcn(DcqcnConfig d) {
        return new RoceConfig(mtu, timeout, retryCnt, rnrRetry, minRnrTimer, ackCoalescing, maxRdAtomic, priority, cnpPriority, ecn, minTimeBetweenCnpsNanos, d, profile, verb);
    }

    public RoceConfig withMtu(int m) {
        return new RoceConfig(m, timeout, retryCnt, rnrRetry, minRnrTimer, ackCoalescing, maxRdAtomic, priority, cnpPriority, ecn, minTimeBetweenCnpsNanos, dcqcn, profile, verb);
    }

    RoceConfig withVerb(Verb v) {
        return new RoceConfig(mtu, timeout, retryCnt, rnrRetry, minRnrTimer, ackCoalescing, maxRdAtomic, priority, cnpPriority, ecn, minTimeBetweenCnpsNanos, dcqcn, profile, v);
    }

    RoceConfig withRetries(int t, int retries, int rnr) {
        return new RoceConfig(mtu, t, retries, rnr, minRnrTimer, ackCoalescing, maxRdAtomic, priority, cnpPriority, ecn, minTimeBetweenCnpsNanos, dcqcn, profile, verb);
    }

    RoceConfig withAckCoalescing(int n) {
        return new RoceConfig(mtu, timeout, retryCnt, rnrRetry, minRnrTimer, n, maxRdAtomic, priority, cnpPriority, ecn, minTimeBetweenCnpsNanos, dcqcn, profile, verb);
    }

    /**
     * Reads a {@code roce} section: {@code mtu}, {@code timeout}, {@code retry-cnt}, {@code rnr-retry},
     * {@code min-rnr-timer}, {@code ack-coalescing}, {@code max-rd-atomic}, {@code priority},
     * {@code cnp-priority}, {@code ecn}, {@code min-time-between-cnps}, {@code verb},
     * {@code profile} (a bundled name or a YAML file path) and a {@code dcqcn} section.
     */
    public static RoceConfig parse(ConfigMap c) {
        RoceConfig d = defaults();
        int mtu = (int) c.integer("mtu", d.mtu, 256, 4096);
        if (Integer.bitCount(mtu) != 1) throw new ConfigException(c.pathOf("mtu"), mtu + " is not 256, 512, 1024, 2048 or 4096");
        String p = c.string("profile", "neutral");
        NicProfile profile = p.endsWith(".yaml") || p.endsWith(".yml") ? NicProfile.load(c.file(p)) : NicProfile.load(p);
        RoceConfig r = new RoceConfig(mtu,
                (int) c.integer("timeout", d.timeout, 0, 31),
                (int) c.integer("retry-cnt", d.retryCnt, 0, 7),
                (int) c.integer("rnr-retry", d.rnrRetry, 0, 7),
                (int) c.integer("min-rnr-timer", d.minRnrTimer, 0, 31),
                (int) c.integer("ack-coalescing", d.ackCoalescing, 0, 1 << 16),
                (int) c.integer("max-rd-atomic", d.maxRdAtomic, 1, 255),
                (int) c.integer("priority", d.priority, 0, 7),
                (int) c.integer("cnp-priority", d.cnpPriority, 0, 7),
                c.bool("ecn", d.ecn),
                c.nanos("min-time-between-cnps", -1, 0, 1_000_000_000L),
                DcqcnConfig.parse(c.section("dcqcn")),
                profile,
                c.choice("verb", Verb.class, d.verb));
        c.finish();
        return r;
    }
}
